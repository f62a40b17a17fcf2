import type { Word } from './read/words.js';

/*
 * Which variable assignments need a pattern that spells them out. Most variables a command sets
 * (`DEBUG=1 npm test`, `export CI=true`, `COUNT=$(…)`) change nothing about what runs; the ones
 * below change which programs run, what they load or where they look for configuration, so they
 * are allowed only by a pattern naming them (`PATH=* make *`, `export PATH=*`).
 */

/** Names read by bash, the loader or common tools as programs, libraries, code or config. */
const RISKY_NAME = new RegExp(
  '^(' +
    [
      // search paths and the dynamic loader
      '.*PATH',
      'LD_.*',
      'DYLD_.*',
      'GCONV_PATH',
      'LOCPATH',
      'NLSPATH',
      'HOSTALIASES',
      'TERMINFO.*',
      'TERMCAP',
      'TZDIR',
      'GLIBC_TUNABLES',
      'MALLOC_.*',
      // options and flags handed to programs (NODE_OPTIONS, RUBYOPT, CFLAGS, MAKEFLAGS…)
      '.*_OPTIONS',
      '.*OPTS?',
      '.*FLAGS',
      // bash's own start-up and hooks
      'BASH_.*',
      'ENV',
      'SHELL',
      'SHELLOPTS',
      'BASHOPTS',
      'PS[0-4]',
      'PROMPT_COMMAND',
      'FUNCNEST',
      // tools configured by environment
      'GIT_.*',
      'NPM_.*',
      'YARN_.*',
      'PNPM_.*',
      'BUN_.*',
      'PYTHON.*',
      'PERL.*',
      'RUBY.*',
      'GEM_.*',
      'BUNDLE_.*',
      'LUA_.*',
      'R_.*',
      'JULIA_.*',
      'PHP.*',
      'DOTNET_.*',
      'HELM_.*',
      'TF_.*',
      'PIP_.*',
      'UV_.*',
      'RUSTUP_.*',
      'NODE_.*',
      'CARGO.*',
      'RUSTC.*',
      'GO(TOOLCHAIN|ROOT|PROXY|ENV|BIN|EXPERIMENT|CACHE|MODCACHE|WORK)',
      'JAVA.*',
      'MAKE.*',
      'CC',
      'CXX',
      'CPP',
      'LD',
      'AR',
      'AS',
      'SSH_.*',
      'AWS_.*',
      'GOOGLE_.*',
      'KUBE.*',
      'DOCKER_.*',
      'LESS',
      'LESSOPEN',
      'LESSCLOSE',
      'LESSKEY.*',
      'MORE',
      'MANOPT',
      // homes and configuration files: where programs find code to run
      'HOME',
      'XDG_.*',
      '.*HOME',
      // not a setting's value (`CONFIG_MODE`, `APP_CONFIG_LEVEL`): no program reads those as a place
      '(?!.*_(MODE|LEVEL|NAME|ENV)$).*CONFIG.*',
      '.*_CONF',
      'WGETRC',
      'CURLRC',
      'VIMRUNTIME',
      'INPUTRC',
      'NPMRC',
      'ZDOTDIR',
      'VIMINIT',
      'EXINIT',
      'MYVIMRC',
      // pagers, editors and other programs named by variables
      '.*PAGER',
      '.*EDITOR',
      'VISUAL',
      'BROWSER',
      '.*_ASKPASS',
      '.*_(COMMAND|CMD|PROGRAM|EXEC|EXECUTABLE|BIN|BINARY|HOOKS?|SCRIPTS?|PLUGINS?|LOADER|PRELOAD|MODULES?|LIB|LIBS|SHELL)',
    ].join('|') +
    ')$',
  'i',
);

/** Exceptions to the families above that only tune output or behaviour. */
const HARMLESS_NAME =
  /^(NODE_ENV|NODE_NO_WARNINGS|NODE_DEBUG|NODE_DISABLE_COLORS|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE|PYTHONIOENCODING|PYTHONHASHSEED|PYTHONUTF8|GIT_TERMINAL_PROMPT|NPM_CONFIG_LOGLEVEL|npm_config_loglevel|GOMAXPROCS|GOOS|GOARCH|CARGO_TERM_COLOR|CARGO_INCREMENTAL)$/;

/** Locale, zone and terminal names: their values name data files, so a value must stay a name. */
const NAMED_DATA = /^(LANG|LANGUAGE|LC_[A-Z]+|TZ|TERM)$/;

/**
 * Lower-case variables are the script's own: bash and the programs it runs read upper-case names
 * (the exceptions below are read in lower case by npm, yarn and proxy-aware tools).
 */
export function isLocalName(name: string): boolean {
  return (
    /^[a-z_][a-z0-9_]*$/.test(name) &&
    !/^(npm_|yarn_|pnpm_|bun_)|(^|_)proxy$|^histchars$|^auto_resume$/.test(name)
  );
}

/**
 * Whether setting `name` (to `value`, when known) can change what programs run or load. A value
 * known only at run time is fine for an ordinary name (`COUNT=$(wc -l <f)`).
 */
export function isRiskyVariable(name: string, value: Word | undefined): boolean {
  if (isLocalName(name)) return false;
  if (NAMED_DATA.test(name)) return value !== undefined && !namesData(name, value);
  if (HARMLESS_NAME.test(name)) return false;
  return RISKY_NAME.test(name);
}

/** A locale, terminal or zone value that is a plain name, not a path to data files. */
function namesData(name: string, value: Word): boolean {
  if (!value.literal) return false;
  if (value.text.startsWith('-')) return false;
  if (name === 'TZ') return !value.text.includes('..') && !/^:?\//.test(value.text);
  return /^[A-Za-z0-9_.,:;@+=%# -]*$/.test(value.text);
}

export function riskyVariableWhy(name: string): string {
  return `sets ${name}, which can change what programs run or load; allow it with a pattern that spells the assignment out (e.g. '${name}=* …' or 'export ${name}=*')`;
}
