// Types of web-tree-sitter.cjs: the package's own CommonJS typings, re-exported as they are.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a .d.cts re-export is written this way
import TreeSitter = require('web-tree-sitter');
export = TreeSitter;
