// The baseline of the API benches: a bare Express app whose one POST route parses the JSON body and answers
// with a fixed JSON document (BARE_BODY), as the cheapest possible route with the same bytes would.
import express from 'express';

const body = JSON.parse(process.env.BARE_BODY ?? '{}') as unknown;
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.post(process.env.BARE_PATH ?? '/api/v1/verify', express.json(), (_req, res) => {
  res.json(body);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
// Exit cleanly on the bench's SIGTERM, so that a CPU profile (BENCH_CPU_PROF) is written.
process.on('SIGTERM', () => process.exit(0));
