#!/bin/sh
# Every npm script runs through this: `sh scripts/supported-node.sh COMMAND ARGS…` runs the command on this Node when
# package.json "engines" allows it, and otherwise on the pinned Node that scripts/supported-node.mjs fetches, first
# on PATH so that the command and everything it starts (tsx, vitest, npm …) run on it.
dir=$(node "$(dirname "$0")/supported-node.mjs") || exit 1
if [ -n "$dir" ]; then
  PATH="$dir/bin:$PATH"
  # node-gyp builds against this Node's headers instead of downloading them.
  npm_config_nodedir="$dir"
  export PATH npm_config_nodedir
fi
exec "$@"
