import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../domain/errors.js';
import { createVerificationEngine } from '../../../domain/verification/engine.js';
import { InsurerDirectory } from '../../../domain/verification/insurers.js';
import { readRegister } from '../../../domain/verification/register.js';
import { RegistryUnavailableError } from '../../../domain/verification/registry.js';
import type {
  RegistryConnector,
  RegistryLookup,
  RegistryRecord,
  VerificationRequest,
  VerificationResult,
} from '../../../domain/verification/types.js';
import { TODAY, verificationParts, verificationWith } from './support.js';

const parts = verificationParts();
const { engine } = parts;

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const uk = (policy_number: string, provider?: string): VerificationRequest => ({
  policy_number,
  country: 'UK',
  insurance_type: 'motor',
  ...(provider ? { provider } : {}),
});

/** A remote registry stands in for MID, GDV or AGIRA: the only part of a verification we cannot run here. */
function stubRegistry(
  answer: (signal: AbortSignal) => Promise<RegistryLookup>,
): RegistryConnector & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    signals,
    covers: (country, type) => type === 'motor' && country === 'UK',
    lookup: (_country, _type, _number, signal) => {
      signals.push(signal);
      return answer(signal);
    },
  };
}

const record = (over: Partial<RegistryRecord> = {}): RegistryRecord => ({
  policy_number: 'BCD12345678',
  insurer_reference: '202312',
  insurer_name: 'AXA Insurance UK plc',
  status: 'active',
  start_date: '2026-01-01',
  end_date: '2036-12-31',
  ...over,
});

describe('the documented example', () => {
  it('verifies AXK12345678 with provider AXA', async () => {
    const result = await engine.verify({
      policy_number: 'AXK12345678',
      country: 'UK',
      insurance_type: 'motor',
      provider: 'AXA',
    });
    expect(result).toEqual({
      status: 'verified',
      confidence_score: 0.99,
      verification_sources: ['format', 'fca_register', 'registry'],
      insurer: { name: 'AXA Insurance UK plc', reference: '202312', regulated: 'YES', authorised: true },
      flags: [],
    });
    expect(result.confidence_score).toBeGreaterThan(0.9);
  });
});

describe('documented sample policies', () => {
  type Row = [string, VerificationRequest, Partial<VerificationResult>];
  const rows: Row[] = [
    ['in force, no provider', uk('AXK12345678'), { status: 'verified', confidence_score: 0.9, flags: [] }],
    ['in force, Admiral', uk('ABC12345', 'Admiral'), { status: 'verified', confidence_score: 0.99, flags: [] }],
    ['in force, Direct Line brand', uk('DEF67890', 'Direct Line'), { status: 'verified', confidence_score: 0.99 }],
    [
      'in force, full legal name, printed with spaces',
      uk('axk 1234 5678', 'AXA Insurance UK plc'),
      { status: 'verified', confidence_score: 1 },
    ],
    [
      'DE in force',
      { policy_number: 'DE-KFZ-88821', country: 'DE', insurance_type: 'motor', provider: 'Allianz' },
      {
        status: 'verified',
        confidence_score: 0.99,
        verification_sources: ['format', 'bafin_register', 'registry'],
        insurer: { name: 'Allianz Versicherungs-AG', reference: '5312', regulated: 'YES', authorised: true },
      },
    ],
    [
      'FR in force',
      { policy_number: 'FR-AUTO-10001', country: 'FR', insurance_type: 'motor', provider: 'AXA' },
      { status: 'verified', verification_sources: ['format', 'acpr_register', 'registry'] },
    ],
    ['expired', uk('EXP10000001'), { status: 'unverified', confidence_score: 0.3, flags: ['expired'] }],
    ['cancelled', uk('CAN10000001'), { status: 'unverified', confidence_score: 0.3, flags: ['cancelled'] }],
    ['future-dated', uk('FUT10000001'), { status: 'inconclusive', confidence_score: 0.6, flags: ['not_yet_active'] }],
    [
      'provider mismatch',
      uk('MIS10000001', 'Aviva'),
      {
        status: 'inconclusive',
        confidence_score: 0.6,
        flags: ['provider_mismatch'],
        insurer: { name: 'Admiral Insurance Company Limited', reference: '219824', regulated: 'YES', authorised: true },
      },
    ],
    ['the same policy with its own insurer', uk('MIS10000001', 'Admiral'), { status: 'verified', flags: [] }],
    [
      'sanctioned insurer',
      uk('SAN10000001'),
      {
        status: 'unverified',
        confidence_score: 0.1,
        flags: ['sanctioned', 'insurer_unauthorised'],
        insurer: {
          name: 'Sample Sanctioned Motor Insurer Ltd',
          reference: 'SAMPLE-UK-SANCTIONED-1',
          regulated: 'NO',
          authorised: false,
        },
      },
    ],
    [
      'unregistered insurer',
      uk('UNR10000001'),
      { status: 'unverified', confidence_score: 0.3, flags: ['insurer_unauthorised'] },
    ],
    [
      'registry outage, no provider',
      uk('OUT10000001'),
      {
        status: 'inconclusive',
        confidence_score: 0.4,
        verification_sources: ['format'],
        insurer: null,
        flags: ['registry_unavailable'],
      },
    ],
    [
      'registry outage, provider Admiral',
      uk('OUT10000001', 'Admiral'),
      {
        status: 'inconclusive',
        confidence_score: 0.59,
        verification_sources: ['format', 'fca_register'],
        flags: ['registry_unavailable'],
      },
    ],
    [
      'registry outage, provider AXA whose numbers take another form',
      uk('OUT10000001', 'AXA'),
      { status: 'inconclusive', confidence_score: 0.49, flags: ['registry_unavailable'] },
    ],
    [
      'travel: no registry, provider AXA',
      { policy_number: 'TRV12345678', country: 'UK', insurance_type: 'travel', provider: 'AXA' },
      { status: 'inconclusive', confidence_score: 0.59, verification_sources: ['format', 'fca_register'], flags: [] },
    ],
    [
      'travel: no registry, no provider',
      { policy_number: 'TRV12345678', country: 'UK', insurance_type: 'travel' },
      { status: 'inconclusive', confidence_score: 0.4, verification_sources: ['format'], insurer: null, flags: [] },
    ],
    [
      'DE health: KVNR and Debeka',
      { policy_number: 'A123456780', country: 'DE', insurance_type: 'health', provider: 'Debeka' },
      { status: 'inconclusive', confidence_score: 0.59, verification_sources: ['format', 'bafin_register'] },
    ],
    [
      'FR health: NIR and MGEN',
      { policy_number: '2 55 08 14 168 025 38', country: 'FR', insurance_type: 'health', provider: 'MGEN' },
      { status: 'inconclusive', verification_sources: ['format', 'acpr_register'] },
    ],
  ];

  it.each(rows)('%s', async (_name, request, expected) => {
    expect(await engine.verify(request)).toMatchObject(expected);
  });
});

describe('refusals', () => {
  it.each([
    ['a number in no format', uk('AB1'), 'invalid_policy_number', 400],
    [
      'a KVNR with a wrong check digit',
      { policy_number: 'A123456789', country: 'DE', insurance_type: 'health' },
      'invalid_policy_number',
      400,
    ],
    ['a provider no register holds', uk('AXK12345678', 'Acme Mutual'), 'insurer_not_found', 404],
    ['a brand that sells no motor cover', uk('AXK12345678', 'Bupa'), 'insurer_not_found', 404],
    ['a policy the registry does not hold', uk('ZZZ99999999'), 'policy_not_found', 404],
    ['a policy the registry does not hold, with a good provider', uk('ZZZ99999999', 'AXA'), 'policy_not_found', 404],
    [
      'an unsupported country',
      { policy_number: 'ABC12345', country: 'IT', insurance_type: 'motor' },
      'unsupported_country',
      400,
    ],
    [
      'an unsupported type',
      { policy_number: 'ABC12345', country: 'UK', insurance_type: 'home' },
      'unsupported_insurance_type',
      400,
    ],
    [
      'a number that is not text',
      { policy_number: 12345678, country: 'UK', insurance_type: 'motor' },
      'invalid_policy_number',
      400,
    ],
  ] as const)('refuses %s with %s', async (_name, request, code, status) => {
    const error = await refusal(engine.verify(request as unknown as VerificationRequest));
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
  });

  it('checks the provider before asking the registry', async () => {
    const registry = stubRegistry(() => Promise.resolve({ outcome: 'not_found' }));
    const { engine: stubbed } = verificationWith({ registry });
    expect((await refusal(stubbed.verify(uk('ABC12345', 'Nobody Insurance')))).code).toBe('insurer_not_found');
    expect(registry.signals).toHaveLength(0);
  });

  it('knows sample unregistered insurers by name where no registry runs', async () => {
    const result = await engine.verify({
      policy_number: 'TRV12345678',
      country: 'UK',
      insurance_type: 'travel',
      provider: 'Sample Sanctioned Motor Insurer',
    });
    expect(result).toMatchObject({
      status: 'unverified',
      confidence_score: 0.1,
      verification_sources: ['format', 'fca_register'],
      insurer: { reference: 'SAMPLE-UK-SANCTIONED-1', regulated: 'NO', authorised: false },
      flags: ['sanctioned', 'insurer_unauthorised'],
    });
  });

  it('treats an empty provider as none', async () => {
    expect(await engine.verify(uk('AXK12345678', '   '))).toMatchObject({ status: 'verified', confidence_score: 0.9 });
  });
});

describe('every sample registry record', () => {
  const expected = {
    active: { status: 'verified', flags: [] },
    expired: { status: 'unverified', flags: ['expired'] },
    cancelled: { status: 'unverified', flags: ['cancelled'] },
    future: { status: 'inconclusive', flags: ['not_yet_active'] },
    provider_mismatch: { status: 'inconclusive', flags: ['provider_mismatch'] },
    sanctioned: { status: 'unverified', flags: ['sanctioned', 'insurer_unauthorised'] },
    unregistered: { status: 'unverified', flags: ['insurer_unauthorised'] },
  } as const;

  it('gives the status and flags its case demonstrates, with its own insurer', async () => {
    let checked = 0;
    for (const file of parts.data.registrySamples) {
      for (const sample of file.records) {
        const request: VerificationRequest = {
          policy_number: sample.policy_number,
          country: file.country,
          insurance_type: file.insurance_type,
          ...(sample.try_provider ? { provider: sample.try_provider } : {}),
        };
        const result = await engine.verify(request);
        const want = expected[sample.case as keyof typeof expected];
        expect({ number: sample.policy_number, status: result.status, flags: result.flags }).toEqual({
          number: sample.policy_number,
          ...want,
        });
        expect(result.insurer?.reference).toBe(sample.insurer_reference);
        checked += 1;
      }
    }
    expect(checked).toBe(900);
  });

  it('holds a few hundred records per country, labelled as samples', () => {
    for (const file of parts.data.registrySamples) {
      expect(file.sample).toBe(true);
      expect(file.records.length).toBeGreaterThanOrEqual(200);
      expect(new Set(file.records.map((r) => r.case))).toEqual(new Set(Object.keys(expected)));
    }
  });
});

describe('country registry outcomes', () => {
  it('marks a registry that does not answer in time unavailable and aborts the call', async () => {
    const registry = stubRegistry(
      (signal) =>
        new Promise((resolve) =>
          signal.addEventListener('abort', () => resolve({ outcome: 'found', record: record() })),
        ),
    );
    const { engine: slow } = verificationWith({ registry, registryTimeoutMs: 20 });
    const result = await slow.verify(uk('BCD12345678', 'AXA'));
    expect(result.flags).toEqual(['registry_unavailable']);
    expect(result.verification_sources).toEqual(['format', 'fca_register']);
    expect(registry.signals[0]!.aborted).toBe(true);
  });

  it("gives a lookup up at once when the caller's signal aborts, rejecting with its reason (issue 54)", async () => {
    const registry = stubRegistry(() => new Promise(() => undefined));
    const { engine: silent } = verificationWith({ registry, registryTimeoutMs: 60_000 });
    const stop = new AbortController();
    const verifying = silent.verify(uk('BCD12345678', 'AXA'), { signal: stop.signal });
    const reason = new Error('worker shutting down');
    setTimeout(() => stop.abort(reason), 10);
    await expect(verifying).rejects.toBe(reason);
    expect(registry.signals[0]!.aborted).toBe(true);
    await expect(silent.verify(uk('BCD12345678', 'AXA'), { signal: stop.signal })).rejects.toBe(reason);
  });

  it('rejects with RegistryUnavailableError when asked to, so that an activity can retry', async () => {
    const { engine: down } = verificationWith({
      registry: stubRegistry(() => Promise.reject(new Error('ECONNRESET'))),
    });
    await expect(down.verify(uk('BCD12345678'), { registryUnavailable: 'throw' })).rejects.toBeInstanceOf(
      RegistryUnavailableError,
    );
    await expect(down.verify(uk('BCD12345678'))).resolves.toMatchObject({ flags: ['registry_unavailable'] });
    await expect(engine.verify(uk('OUT10000001'), { registryUnavailable: 'throw' })).rejects.toBeInstanceOf(
      RegistryUnavailableError,
    );
  });

  it('reads a connector that throws before answering as unavailable', async () => {
    const registry: RegistryConnector = {
      covers: () => true,
      lookup: () => {
        throw new Error('socket closed');
      },
    };
    expect((await verificationWith({ registry }).engine.verify(uk('BCD12345678'))).flags).toEqual([
      'registry_unavailable',
    ]);
  });

  it('reads a malformed answer as unavailable', async () => {
    const { engine: odd } = verificationWith({
      registry: stubRegistry(() => Promise.resolve({ outcome: 'maybe' } as unknown as RegistryLookup)),
    });
    expect((await odd.verify(uk('BCD12345678'))).flags).toEqual(['registry_unavailable']);
  });

  it('does not run the registry check where no registry covers the country and type', async () => {
    const registry = stubRegistry(() => Promise.resolve({ outcome: 'not_found' }));
    const { engine: partial } = verificationWith({ registry });
    const result = await partial.verify({
      policy_number: 'DE-KFZ-88821',
      country: 'DE',
      insurance_type: 'motor',
      provider: 'Allianz',
    });
    expect(result).toMatchObject({
      status: 'inconclusive',
      verification_sources: ['format', 'bafin_register'],
      flags: [],
    });
    expect(registry.signals).toHaveLength(0);
  });

  it('finds the insurer of a record by name when the registry gives no register number', async () => {
    const { insurer_reference: _dropped, ...byName } = record({ insurer_name: 'AXA INSURANCE UK PLC' });
    const { engine: named } = verificationWith({
      registry: stubRegistry(() => Promise.resolve({ outcome: 'found', record: byName })),
    });
    expect(await named.verify(uk('BCD12345678'))).toMatchObject({
      status: 'verified',
      insurer: { reference: '202312' },
    });
  });

  it('shows an insurer the registry names but no register knows as unregulated', async () => {
    const unknown = record({ insurer_reference: 'MID-77', insurer_name: 'Nowhere Motor Cover Ltd' });
    const { engine: named } = verificationWith({
      registry: stubRegistry(() => Promise.resolve({ outcome: 'found', record: unknown })),
    });
    expect(await named.verify(uk('BCD12345678'))).toMatchObject({
      status: 'unverified',
      confidence_score: 0.3,
      insurer: { name: 'Nowhere Motor Cover Ltd', reference: 'MID-77', regulated: 'NO', authorised: false },
      flags: ['insurer_unauthorised'],
    });
  });

  it('reads a cancellation dated after today as not yet effective', async () => {
    const later = record({ status: 'cancelled', cancelled_on: '2027-03-01' });
    const { engine: e } = verificationWith({
      registry: stubRegistry(() => Promise.resolve({ outcome: 'found', record: later })),
    });
    expect(await e.verify(uk('AXJ12345678', 'AXA'))).toMatchObject({ status: 'verified', flags: [] });
  });

  it('scores a number that does not take the form its insurer uses lower', async () => {
    const { engine: e } = verificationWith({
      registry: stubRegistry(() => Promise.resolve({ outcome: 'found', record: record() })),
    });
    expect((await e.verify(uk('BCD12345678', 'AXA'))).confidence_score).toBe(0.89); // 0.4 × 0.75 + 0.2 × 0.95 + 0.4
    expect((await e.verify(uk('AXJ12345678', 'AXA'))).confidence_score).toBe(0.99);
  });

  it('decides expired and not yet active on the clock it is given', async () => {
    const registry = stubRegistry(() =>
      Promise.resolve({ outcome: 'found', record: record({ start_date: '2026-11-23', end_date: '2027-11-22' }) }),
    );
    const before = verificationWith({ registry }).engine;
    const after = verificationWith({ registry, now: () => new Date('2027-11-23T00:00:00Z') }).engine;
    const onTheDay = verificationWith({ registry, now: () => new Date('2027-11-22T23:59:00Z') }).engine;
    expect((await before.verify(uk('AXJ12345678'))).flags).toEqual(['not_yet_active']);
    expect((await onTheDay.verify(uk('AXJ12345678'))).flags).toEqual([]);
    expect((await after.verify(uk('AXJ12345678'))).flags).toEqual(['expired']);
    expect(TODAY.toISOString().slice(0, 10)).toBe('2026-11-22');
  });

  it('flags a registered insurer whose registration has ended', async () => {
    const register = readRegister(
      [
        {
          country: 'UK',
          nca: 'Prudential Regulation Authority',
          identification_code: '999999',
          lei: 'TESTLEI0000000000001',
          name: 'EXAMPLE MOTOR INSURANCE LIMITED',
          registration_start: '01/01/2003 01:00:00',
          registration_end: '31/12/2020 01:00:00',
        },
      ],
      { today: '2026-11-22' },
    );
    const insurers = new InsurerDirectory({ register, aliases: {}, lines: parts.data.lines, unregistered: [] });
    const lapsed = createVerificationEngine({
      insurers,
      formats: parts.formats,
      registry: stubRegistry(() =>
        Promise.resolve({ outcome: 'found', record: record({ insurer_reference: '999999' }) }),
      ),
      now: () => TODAY,
    });
    expect(await lapsed.verify(uk('BCD12345678', 'Example Motor'))).toMatchObject({
      status: 'unverified',
      confidence_score: 0.3,
      insurer: { name: 'Example Motor Insurance Limited', reference: '999999', regulated: 'YES', authorised: false },
      flags: ['insurer_unauthorised'],
    });
  });
});
