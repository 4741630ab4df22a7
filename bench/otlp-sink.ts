// An OTLP/HTTP receiver that reads every export and drops it: what the benches point OTEL_EXPORTER_OTLP_ENDPOINT
// at to measure tracing on (spans built, encoded and sent) without a trace store's own CPU on the same cores.
//
//   node --import tsx bench/otlp-sink.ts [port, default 4318]
import http from 'node:http';

const port = Number(process.argv[2] ?? 4318);
let exports = 0;
http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      exports += 1;
      // An empty ExportTraceServiceResponse: an empty body is a valid protobuf message, and {} a valid JSON one.
      const json = String(req.headers['content-type']).includes('json');
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : undefined);
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`otlp-sink: listening on ${port}`));
process.on('SIGTERM', () => {
  console.log(`otlp-sink: ${exports} exports received`);
  process.exit(0);
});
