// Which fields are personal and how they come apart and back together (domain/personal-data.ts): the sealing
// store relies on a split followed by a join giving back the very data, and on an erased join reading as erased.
import { describe, expect, it } from 'vitest';
import { joinPersonal, personalFields, splitPersonal } from '../../domain/personal-data.js';

const item = {
  index: 2,
  result: {
    index: 2,
    policy_number: 'PN-1',
    country: 'UK',
    provider: 'Acme',
    status: 'verified',
    insurer: { name: 'Acme plc' },
    credits_charged: 1,
  },
};

describe('personal fields', () => {
  it('are named per stream and event type; the ledger and unknown streams have none', () => {
    expect(personalFields('job-x', 'JobSubmitted').map((f) => f.path.join('.'))).toEqual(['request', 'webhook_url']);
    expect(personalFields('account-acct_1', 'AccountOpened').map((f) => f.path.join('.'))).toEqual(['contact']);
    expect(personalFields('account-acct_1', 'PlanChanged')).toEqual([]);
    expect(personalFields('credits-acct_1', 'CreditsCharged')).toEqual([]);
  });

  it('split off, leave the rest, and join back into the same data', () => {
    const fields = personalFields('batch-b', 'BatchItemCompleted');
    const { rest, personal } = splitPersonal(item, fields);
    expect(personal).toEqual({
      'result.policy_number': 'PN-1',
      'result.provider': 'Acme',
      'result.insurer': { name: 'Acme plc' },
    });
    expect(rest).toEqual({ index: 2, result: { index: 2, country: 'UK', status: 'verified', credits_charged: 1 } });
    expect(JSON.stringify(rest)).not.toContain('PN-1');
    expect(joinPersonal(rest, fields, personal)).toEqual(item);
    expect(item.result.policy_number).toBe('PN-1'); // the input is never changed
  });

  it('read as erased when their key is gone, and absent fields stay absent while the key lives', () => {
    const fields = personalFields('job-j', 'JobSubmitted');
    const submitted = { kind: 'verification', request: { policy_number: 'PN-2' } };
    const { rest, personal } = splitPersonal(submitted, fields);
    expect(personal).toEqual({ request: { policy_number: 'PN-2' } });
    expect(joinPersonal(rest, fields, personal)).toEqual(submitted);
    expect(joinPersonal(rest, fields, null)).toEqual({ kind: 'verification', request: {}, webhook_url: null });
  });

  it('leave data without personal fields as it is', () => {
    const data = { kind: 'verification' };
    expect(splitPersonal(data, personalFields('job-j', 'JobSubmitted'))).toEqual({ rest: data, personal: null });
    expect(splitPersonal(null, personalFields('job-j', 'JobSubmitted'))).toEqual({ rest: null, personal: null });
  });
});
