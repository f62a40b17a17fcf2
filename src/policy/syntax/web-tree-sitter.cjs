// Loads web-tree-sitter's CommonJS build: its ESM build crashes under ncc with
// `createRequire is not a function` (toolchain.md, "Bash parsing").
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this file exists to require() it
module.exports = require('web-tree-sitter');
