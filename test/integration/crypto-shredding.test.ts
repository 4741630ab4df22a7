// Crypto-shredding (issue 31, item 1; docs/architecture.md#personal-data) on the real PostgreSQL: personal fields never reach the event
// store in clear, closing an account deletes its data key so that no row of any table holds its address, a
// rebuild shows the contact erased while the ledger still reconciles, events written before sealing existed are
// sealed in place, and the master keys rotate.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../domain/plans.js';
import { DataKeys, WrongMasterKeyError } from '../../infra/eventstore/data-keys.js';
import { postgresEventStore } from '../../infra/eventstore/postgres.js';
import { SEALED_IN_PLACE_MARKER, sealEventsInPlace } from '../../infra/eventstore/seal-in-place.js';
import { SEALED_FIELD, sealedEventStore } from '../../infra/eventstore/sealed.js';
import { newPayloadKey, parsePayloadKeys, type PayloadKey } from '../../infra/temporal/payload-codec.js';
import { openStorage } from '../../infra/storage.js';
import { findAccount, findAccountByAddress } from '../../projections/account-rows.js';
import { accountsProjection } from '../../projections/accounts.js';
import { rebuild } from '../../projections/rebuild.js';
import { rowsHolding } from '../support/dump.js';
import { startTestApp, until, type TestApp } from '../support/app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(() => app?.stop());

const sql = () => app.context.engines.sql;
const rawEvents = (stream: string) =>
  sql().query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from es_events where stream_id = $1 order by revision',
    [stream],
  );

describe('an account closed', () => {
  it('leaves no row of any table holding its address, and a rebuild shows the contact erased while the ledger reconciles', async () => {
    const email = `Shred.Me.${randomUUID().slice(0, 8)}@Example.org`;
    const name = `Shredded Person ${randomUUID().slice(0, 8)}`;
    const created = await app.admin<{ account_id: string }>('POST', '/admin/accounts', { email, name, plan: 'pro' });
    expect(created.status).toBe(201);
    const accountId = created.body.account_id;
    await app.admin('POST', `/admin/accounts/${accountId}/keys`, { mode: 'live' });

    // Sealed on the way in: the events never held the address; the read model does while the account is open,
    // and finds it by its keyed hash whatever the case it is typed in.
    const [opened] = await rawEvents(`account-${accountId}`);
    expect(opened!.data[SEALED_FIELD]).toEqual(expect.any(String));
    expect(JSON.stringify(opened).toLowerCase()).not.toContain(email.toLowerCase());
    expect(JSON.stringify(opened)).not.toContain(name);
    expect((await findAccountByAddress(sql(), app.context.accounts.addressHash(email.toUpperCase())))?.account_id).toBe(
      accountId,
    );
    expect((await app.context.engines.events.readStream(`account-${accountId}`))[0]!.data).toMatchObject({
      contact: { email, name },
    });

    // A portal request for the address, queued and not yet sent when the account closes.
    const page = await fetch(`${app.url}/portal`);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    const form = await fetch(`${app.url}/portal`, {
      method: 'POST',
      headers: {
        cookie: page.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email, key_type: 'test', _csrf: csrf }),
    });
    expect(form.status).toBe(200);
    expect(await rowsHolding(sql(), [email])).not.toEqual([]);

    const closed = await app.context.accounts.close(accountId, { actor: 'test' });
    expect(await app.context.readModelsAt(closed.position!, 10_000)).toBe(true);
    expect(await rowsHolding(sql(), [email, name])).toEqual([]);

    // The events still replay: the contact reads as erased, the rest as it was.
    const [replayed] = await app.context.engines.events.readStream(`account-${accountId}`);
    expect(replayed!.data).toMatchObject({ contact: {}, plan: 'pro' });
    await rebuild({ sql: sql(), events: app.context.engines.events, logger: app.context.logger }, [accountsProjection]);
    expect(await findAccount(sql(), accountId)).toMatchObject({
      email: null,
      name: null,
      status: 'closed',
      plan: 'pro',
    });
    expect(await rowsHolding(sql(), [email, name])).toEqual([]);

    const reconcile = await app.admin<{ mismatches: number }>('GET', '/admin/ledger/reconcile');
    expect(reconcile.body.mismatches).toBe(0);
    const replay = await app.admin<{ rows: unknown[]; reconciliation: { match: boolean } }>(
      'GET',
      `/admin/ledger/replay?account=${accountId}`,
    );
    expect(replay.status).toBe(200);
    expect(replay.body.rows.length).toBeGreaterThan(0);
    expect(replay.body.reconciliation.match).toBe(true);
  }, 60_000);
});

describe('events written before sealing existed', () => {
  it('are sealed in place under their own ids, and a closed account among them loses its key', async () => {
    const raw = postgresEventStore(sql());
    const email = `before.${randomUUID().slice(0, 8)}@example.org`;
    const open = `acct_before${randomUUID().slice(0, 8)}`;
    const gone = `acct_gone${randomUUID().slice(0, 8)}`;
    const jobId = `job_before${randomUUID().slice(0, 8)}`;
    const opened = (address: string) => ({
      type: 'AccountOpened',
      data: { contact: { email: address }, plan: 'free', limits: PLANS.free },
    });
    // A key's label is free text (issue 39 item 3): sealed like the contact.
    const label = `Jane Label-${randomUUID().slice(0, 8)}`;
    const activated = {
      type: 'KeyActivated',
      data: {
        key_id: `key_before${randomUUID().slice(0, 8)}`,
        key_hash: 'h',
        prefix: 'pvs_live_',
        last4: 'abcd',
        mode: 'live',
        scopes: ['verify'],
        name: label,
      },
    };
    await raw.append(`account-${open}`, [opened(email), activated]);
    await raw.append(`account-${gone}`, [opened(`gone.${email}`), { type: 'AccountClosed', data: {} }]);
    const request = {
      policy_number: 'BEFORE-7731-22',
      country: 'UK',
      insurance_type: 'motor',
      provider: 'Before Mutual',
    };
    await raw.append(`job-${jobId}`, [
      {
        type: 'JobSubmitted',
        data: {
          kind: 'verification',
          mode: 'live',
          account_id: open,
          key_id: 'key_x',
          request,
          webhook_url: 'https://hooks.example.org/before-7731',
          idempotency_key: null,
          request_hash: 'h',
        },
      },
    ]);
    const last = await raw.append(`job-${jobId}`, [
      { type: 'JobCompleted', data: { result: { policy_number: 'BEFORE-7731-22' }, credits_charged: 1 } },
    ]);
    expect(await app.context.readModelsAt(last.position, 10_000)).toBe(true);
    const ids = async () =>
      await sql().query<{ event_id: string; position: string }>(
        'select event_id, position from es_events where stream_id = $1',
        [`job-${jobId}`],
      );
    const idsBefore = await ids();
    expect(await rowsHolding(sql(), ['BEFORE-7731-22'])).toContain('es_events: BEFORE-7731-22');

    // As a process of this version finds the store at start: the migration not yet run.
    await sql().query('delete from schema_migrations where id = $1', [SEALED_IN_PLACE_MARKER]);
    const sealed = await sealEventsInPlace(sql(), app.context.engines.keys, {
      addressHash: (a) => app.context.accounts.addressHash(a),
    });
    expect(sealed).toBeGreaterThanOrEqual(4);
    expect(
      await sealEventsInPlace(sql(), app.context.engines.keys, {
        addressHash: (a) => app.context.accounts.addressHash(a),
      }),
    ).toBe(0);

    expect(await ids()).toEqual(idsBefore);
    for (const stream of [`account-${open}`, `job-${jobId}`]) {
      const text = JSON.stringify(await rawEvents(stream));
      expect(text).not.toContain('BEFORE-7731');
      expect(text).not.toContain(email);
      expect(text).not.toContain(label);
    }
    const [submitted, completed] = await app.context.engines.events.readStream(`job-${jobId}`);
    expect(submitted!.data).toMatchObject({
      request,
      webhook_url: 'https://hooks.example.org/before-7731',
      account_id: open,
    });
    expect(completed!.data).toMatchObject({ result: { policy_number: 'BEFORE-7731-22' }, credits_charged: 1 });
    const [account, key] = await app.context.engines.events.readStream(`account-${open}`);
    expect(account!.data).toMatchObject({ contact: { email, email_hash: app.context.accounts.addressHash(email) } });
    expect(key!.data).toMatchObject({ name: label, last4: 'abcd' });

    // The closed account's key goes at once (the start-up step shreds what is due).
    const { shredErased } = await import('../../application/retention/retention.js');
    const { retentionReads } = await import('../../projections/readers/retention.js');
    await until(
      () => findAccount(sql(), gone),
      (row) => row?.status === 'closed',
      'the closed account projected',
    );
    await shredErased({ sql: sql(), keys: app.context.engines.keys, readModels: retentionReads(sql()) });
    const [goneOpened] = await app.context.engines.events.readStream(`account-${gone}`);
    expect(goneOpened!.data).toMatchObject({ contact: {} });
    expect(await rowsHolding(sql(), [`gone.${email}`])).toEqual([]);
  }, 60_000);
});

describe('the data keys', () => {
  it('are each held in a buffer of their own, never a slice of the shared pool that would keep 8 KB alive', async () => {
    const keys = new DataKeys(sql(), app.context.secrets.dataMasterKeys);
    const streams = Array.from({ length: 3 }, () => `job-job_own${randomUUID().slice(0, 8)}`);
    for (const stream of streams) expect((await keys.keyFor(stream)).buffer.byteLength).toBe(32);
    for (const [, key] of await keys.keysOf(streams)) expect((key as Buffer).buffer.byteLength).toBe(32);
  });

  it('seal what a shredded stream is written later under a key kept nowhere: erased as it lands', async () => {
    const keys = new DataKeys(sql(), app.context.secrets.dataMasterKeys);
    const store = sealedEventStore(postgresEventStore(sql()), keys);
    const jobId = `job_late${randomUUID().slice(0, 8)}`;
    await store.append(`job-${jobId}`, [
      { type: 'JobFailed', data: { error: { code: 'internal_error', message: 'x' } } },
    ]);
    await keys.keyFor(`job-${jobId}`);
    await keys.shred([`job-${jobId}`]);
    await store.append(`job-${jobId}`, [
      { type: 'JobCompleted', data: { result: { policy_number: 'LATE-42' }, credits_charged: 0 } },
    ]);
    const fresh = sealedEventStore(postgresEventStore(sql()), new DataKeys(sql(), app.context.secrets.dataMasterKeys));
    const [, completed] = await fresh.readStream(`job-${jobId}`);
    expect(completed!.data).toMatchObject({ result: null, credits_charged: 0 });
    expect(await rowsHolding(sql(), ['LATE-42'])).toEqual([]);
  });
});

describe('the master keys', () => {
  it('refuse, at start and naming the id, a key given under a known id with other bytes; a rotation still starts', async () => {
    const id = `m${randomUUID().slice(0, 8)}`;
    const [right, wrong, next] = [newPayloadKey(id), newPayloadKey(id), newPayloadKey(`${id}n`)].map(parsePayloadKeys);
    const open = (masterKeys: PayloadKey[]) => openStorage(app.config, [], { masterKeys, sql: sql() });
    await (await open(right!)).close();
    const refused = open(wrong!);
    await expect(refused).rejects.toThrow(WrongMasterKeyError);
    await expect(refused).rejects.toThrow(`the key with id "${id}" is not the key first used under that id`);
    // A refused start writes nothing: a new id given before the wrong one is not bound (issue 54), so the operator
    // who fixes the wrong key may still give other bytes under the new id.
    const checks = () => sql().query<{ master_id: string }>('select master_id from master_key_checks');
    await expect(open([...next!, ...wrong!])).rejects.toThrow(WrongMasterKeyError);
    expect((await checks()).map((row) => row.master_id)).not.toContain(`${id}n`);
    // As documented: the new key first, the old ones after (they still unwrap what they wrapped).
    await (await open([...next!, ...right!, ...app.context.secrets.dataMasterKeys])).close();
    await (await open([...next!, ...app.context.secrets.dataMasterKeys])).close();
  });

  it('rotate: keys wrapped by the old one are re-wrapped under the new one, after which the old one can go', async () => {
    const [old, next] = [newPayloadKey('old'), newPayloadKey('new')];
    const before = new DataKeys(sql(), parsePayloadKeys(old));
    const store = sealedEventStore(postgresEventStore(sql()), before);
    const jobId = `job_rotate${randomUUID().slice(0, 8)}`;
    await store.append(`job-${jobId}`, [
      { type: 'JobCompleted', data: { result: { policy_number: 'ROTATE-1' }, credits_charged: 0 } },
    ]);

    const both = new DataKeys(sql(), [...parsePayloadKeys(`${next},${old}`), ...app.context.secrets.dataMasterKeys]);
    expect(await both.rewrap()).toBeGreaterThanOrEqual(1);
    const [row] = await sql().query<{ master_id: string }>('select master_id from stream_keys where stream_id = $1', [
      `job-${jobId}`,
    ]);
    expect(row!.master_id).toBe('new');

    const after = sealedEventStore(postgresEventStore(sql()), new DataKeys(sql(), parsePayloadKeys(next)));
    expect((await after.readStream(`job-${jobId}`))[0]!.data).toMatchObject({ result: { policy_number: 'ROTATE-1' } });
    // A store whose masters do not include the one a key is wrapped by says which it lacks.
    const stranger = sealedEventStore(postgresEventStore(sql()), new DataKeys(sql(), parsePayloadKeys(old)));
    await expect(stranger.readStream(`job-${jobId}`)).rejects.toThrow(/master key "new"/);

    // Every key of this schema was re-wrapped: back under the service's own master, for whatever runs after.
    await new DataKeys(sql(), [...app.context.secrets.dataMasterKeys, ...parsePayloadKeys(next)]).rewrap();
  });
});
