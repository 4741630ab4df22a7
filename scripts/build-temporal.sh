#!/usr/bin/env bash
# Makes sure a Temporal CLI (the dev server) exists for this project and prints its path.
# Order: $TEMPORAL_CLI_PATH, `temporal` on PATH, .tools/bin/temporal, then a build from the Go module.
# v1.5.1 is the newest tag whose go.mod has no replace directive (later tags fail with `go install`).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="v1.5.1"
target="$root/.tools/bin/temporal"

if [ -n "${TEMPORAL_CLI_PATH:-}" ] && [ -x "${TEMPORAL_CLI_PATH}" ]; then echo "$TEMPORAL_CLI_PATH"; exit 0; fi
if command -v temporal >/dev/null 2>&1; then command -v temporal; exit 0; fi
if [ -x "$target" ]; then echo "$target"; exit 0; fi

go_bin="$(command -v go || true)"
[ -z "$go_bin" ] && [ -x /usr/local/go/bin/go ] && go_bin=/usr/local/go/bin/go
if [ -z "$go_bin" ]; then
  echo "build-temporal: no Temporal CLI found and no Go toolchain to build one;" >&2
  echo "  install it (https://docs.temporal.io/cli) or set TEMPORAL_CLI_PATH" >&2
  exit 1
fi
echo "build-temporal: building github.com/temporalio/cli/cmd/temporal@$version (once; 2 to 7 minutes on 2 cores)" >&2
mkdir -p "$(dirname "$target")"
# -v names each package as it is compiled: npm run dev shows them on its progress line (infra/temporal/binary.ts).
GOBIN="$(dirname "$target")" GOFLAGS=-mod=mod "$go_bin" install -v "github.com/temporalio/cli/cmd/temporal@$version" >&2
echo "$target"
