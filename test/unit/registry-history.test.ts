// The bundled registries answer as of their clock (issue 55, item 6): a sample record's history applies from its
// day, so a monitor sees the policy cancelled, renewed or moved to another insurer as time passes.
import { describe, expect, it } from 'vitest';
import { recordAsOf } from '../../domain/verification/registry-history.js';
import type { RegistryRecord } from '../../domain/verification/types.js';
import { buildVerification } from '../../infra/verification/load.js';

const record: RegistryRecord = {
  policy_number: 'X1',
  insurer_name: 'A',
  status: 'active',
  start_date: '2026-01-01',
  end_date: '2026-12-31',
};

describe('a record as of a day', () => {
  it('applies each change from its day on, in date order, and none before', () => {
    const history = [
      { from: '2027-01-01', start_date: '2027-01-01', end_date: '2027-12-31' },
      { from: '2026-06-01', insurer_name: 'B' },
    ];
    expect(recordAsOf(record, history, '2026-05-31')).toEqual(record);
    expect(recordAsOf(record, history, '2026-06-01')).toEqual({ ...record, insurer_name: 'B' });
    expect(recordAsOf(record, history, '2027-01-01')).toEqual({
      ...record,
      insurer_name: 'B',
      start_date: '2027-01-01',
      end_date: '2027-12-31',
    });
  });
});

describe('the bundled registry', () => {
  const lookup = async (today: string, number: string) => {
    const { registry } = buildVerification({ now: () => new Date(`${today}T12:00:00Z`) });
    return registry.lookup('UK', 'motor', number, new AbortController().signal);
  };

  it('answers a sample with a history as its registry stands on the day asked', async () => {
    expect(await lookup('2027-01-31', 'XPM27217627')).toMatchObject({ outcome: 'found', record: { status: 'active' } });
    expect(await lookup('2027-02-01', 'XPM27217627')).toMatchObject({
      outcome: 'found',
      record: { status: 'cancelled', cancelled_on: '2027-02-01' },
    });
    expect(await lookup('2027-03-01', 'WZN35480204')).toMatchObject({
      record: { insurer_name: 'AXA Insurance UK plc', insurer_reference: '202312' },
    });
    expect(await lookup('2036-02-10', 'AXT49681485')).toMatchObject({
      record: { start_date: '2036-02-23', end_date: '2037-02-22' },
    });
  });
});
