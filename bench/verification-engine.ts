// Verifications per second of the engine on one core, with the bundled sample registry, against a baseline
// measured in the same run: JSON.parse(JSON.stringify(request)) of the same requests. Target: under 50 µs a
// verification.
//
//   node --import tsx bench/verification-engine.ts [--seconds 2]
import type { VerificationRequest } from '../domain/verification/types.js';
import { buildVerification } from '../infra/verification/load.js';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 2;
const TARGET_US = 50;

const parts = buildVerification();
const { engine, data } = parts;

// A realistic mix: motor policies found in the registries (with a brand, a legal name, or no provider), and
// travel and health policies that only the format and register checks see.
const brands: Record<string, string[]> = {
  UK: ['AXA', 'Aviva', 'Admiral', 'Direct Line', 'LV=', 'Hastings Direct'],
  DE: ['Allianz', 'HUK-COBURG', 'DEVK', 'R+V', 'ERGO'],
  FR: ['AXA', 'MAIF', 'MACIF', 'Groupama', 'Matmut'],
};
const requests: VerificationRequest[] = [];
for (const file of data.registrySamples) {
  file.records.forEach((record, i) => {
    const provider = i % 3 === 0 ? undefined : i % 3 === 1 ? record.insurer_name : record.try_provider;
    requests.push({
      policy_number: record.policy_number,
      country: file.country,
      insurance_type: file.insurance_type,
      ...(provider ? { provider } : {}),
    });
  });
}
for (let i = 0; i < 200; i++) {
  const country = (['UK', 'DE', 'FR'] as const)[i % 3]!;
  requests.push({
    policy_number: country === 'DE' ? 'A123456780' : country === 'FR' ? '2 55 08 14 168 025 38' : `TRV${10000000 + i}`,
    country,
    insurance_type: country === 'UK' ? 'travel' : 'health',
    provider: brands[country]![i % brands[country]!.length]!,
  });
}

/** Runs `op` over the requests for about `seconds`, in batches, and returns nanoseconds per call. */
async function measure(op: (request: VerificationRequest) => unknown): Promise<number> {
  let calls = 0;
  const started = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - started < budget) {
    for (const request of requests) await op(request);
    calls += requests.length;
  }
  return Number(process.hrtime.bigint() - started) / calls;
}

const verify = (request: VerificationRequest) => engine.verify(request).catch(() => null);
const baseline = (request: VerificationRequest) => JSON.parse(JSON.stringify(request));

// Providers seen for the first time (each string once): the matcher's uncached path.
function coldProviders(count: number): VerificationRequest[] {
  const out: VerificationRequest[] = [];
  const active = data.registrySamples.flatMap((file) =>
    file.records.filter((r) => r.case === 'active').map((record) => ({ file, record })),
  );
  for (let i = 0; i < count; i++) {
    const { file, record } = active[i % active.length]!;
    const name = record.insurer_name;
    // Casing that follows the bits of i makes each string new to the memo without changing what it names.
    let varied = '';
    for (let j = 0; j < name.length; j++)
      varied += (i >> (j % 16)) & 1 ? name[j]!.toUpperCase() : name[j]!.toLowerCase();
    out.push({
      policy_number: record.policy_number,
      country: file.country,
      insurance_type: file.insurance_type,
      provider: varied,
    });
  }
  return out;
}

async function main() {
  // Warm up both paths (JIT, memo of repeated providers); every request in the mix must verify.
  for (let i = 0; i < 3; i++) {
    for (const request of requests)
      if ((await verify(request)) === null) throw new Error(`refused: ${JSON.stringify(request)}`);
  }
  for (const request of requests) baseline(request);

  const baselineNs = await measure(baseline);
  const engineNs = await measure(verify);
  const cold = coldProviders(15_000);
  const coldStarted = process.hrtime.bigint();
  let refused = 0;
  for (const request of cold) if ((await verify(request)) === null) refused += 1;
  if (refused > 0) throw new Error(`${refused} first-sight providers were refused: the bench measures the wrong path`);
  const coldNs = Number(process.hrtime.bigint() - coldStarted) / cold.length;

  const report = {
    bench: 'verification-engine',
    requests_in_mix: requests.length,
    engine_us_per_verification: +(engineNs / 1000).toFixed(2),
    engine_verifications_per_second: Math.round(1e9 / engineNs),
    baseline_us_per_json_roundtrip: +(baselineNs / 1000).toFixed(2),
    ratio_engine_to_json_roundtrip: +(engineNs / baselineNs).toFixed(1),
    first_sight_provider_us: +(coldNs / 1000).toFixed(2),
    target_us: TARGET_US,
    within_target: engineNs / 1000 < TARGET_US,
  };
  console.log(
    `engine: ${report.engine_verifications_per_second.toLocaleString('en')} verifications/s ` +
      `(${report.engine_us_per_verification} µs each, target < ${TARGET_US} µs)`,
  );
  console.log(`baseline JSON.parse+stringify of the same request: ${report.baseline_us_per_json_roundtrip} µs`);
  console.log(`ratio engine / baseline: ${report.ratio_engine_to_json_roundtrip}x`);
  console.log(`provider strings seen for the first time: ${report.first_sight_provider_us} µs a verification`);
  console.log(JSON.stringify(report));
}

await main();
