// The fields of an extraction as the job page names and shows them, and the inputs of its correction form: one
// per field, a money field as its amount and currency, each filled with the value the job has now. The form's
// names are the API's field names ("coverage.excess.amount" for a money field's amount), read back by
// api/portal/job-routes.ts.
import { DOCUMENT_LANGUAGES, TERRITORIAL_SCOPES, type FieldKey } from '../../../domain/extraction/types.js';
import { INSURANCE_TYPES } from '../../../domain/verification/types.js';

export const FIELD_LABELS: Record<FieldKey, string> = {
  policy_number: 'Policy number',
  insurer: 'Insurer',
  insurance_type: 'Insurance type',
  start_date: 'Start date',
  end_date: 'End date',
  vehicle_registration: 'Vehicle registration',
  'coverage.level': 'Level of cover',
  'coverage.excess': 'Excess',
  'coverage.sum_insured': 'Sum insured',
  'coverage.territorial_scope': 'Where it covers',
  language: 'Language',
};

/** The fields whose value is an amount of money. */
export const MONEY_FIELDS: readonly FieldKey[] = ['coverage.excess', 'coverage.sum_insured'];

const CHOICES: Partial<Record<FieldKey, readonly string[]>> = {
  insurance_type: INSURANCE_TYPES,
  'coverage.territorial_scope': TERRITORIAL_SCOPES,
  language: DOCUMENT_LANGUAGES,
};

const isMoney = (value: unknown): value is { amount: number; currency: string } =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;

/** A value as a person reads it: money with its currency, a code as it is, nothing as a dash. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isMoney(value)) return `${value.amount.toLocaleString('en-GB')} ${value.currency}`;
  return String(value);
}

function Input({ field, value }: { field: FieldKey; value: unknown }) {
  const id = `field-${field.replace('.', '-')}`;
  const choices = CHOICES[field];
  if (MONEY_FIELDS.includes(field)) {
    const money = isMoney(value) ? value : null;
    return (
      <fieldset class="money-input">
        <legend>{FIELD_LABELS[field]}</legend>
        <label for={`${id}-amount`} class="visually-hidden">
          {FIELD_LABELS[field]} amount
        </label>
        <input
          id={`${id}-amount`}
          name={`${field}.amount`}
          type="text"
          inputMode="decimal"
          value={money ? String(money.amount) : ''}
          autocomplete="off"
        />
        <label for={`${id}-currency`} class="visually-hidden">
          {FIELD_LABELS[field]} currency
        </label>
        <input
          id={`${id}-currency`}
          name={`${field}.currency`}
          type="text"
          value={money?.currency ?? ''}
          maxLength={3}
          placeholder="GBP"
          autocomplete="off"
          class="currency-input"
        />
      </fieldset>
    );
  }
  return (
    <div class="field">
      <label for={id}>{FIELD_LABELS[field]}</label>
      {choices ? (
        <select id={id} name={field}>
          <option value="" selected={value === null}>
            — not in the document
          </option>
          {choices.map((choice) => (
            <option key={choice} value={choice} selected={value === choice}>
              {choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          name={field}
          type={(field.endsWith('_date') ? 'date' : 'text') as 'text'}
          value={value === null || value === undefined ? '' : String(value)}
          autocomplete="off"
        />
      )}
    </div>
  );
}

/** The inputs of the correction form, numbered as the page's boxes are. */
export function CorrectionForm({ fields }: { fields: { key: FieldKey; value: unknown; n: number }[] }) {
  return (
    <div class="correction-grid">
      {fields.map((f) => (
        <Input key={f.key} field={f.key} value={f.value} />
      ))}
    </div>
  );
}
