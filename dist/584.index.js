export const id = 584;
export const ids = [584];
export const modules = {

/***/ 96584:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   USER_AGENT: () => (/* binding */ USER_AGENT),
/* harmony export */   createGitHub: () => (/* binding */ createGitHub)
/* harmony export */ });
/* harmony import */ var _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(75250);
/* harmony import */ var _octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(49735);
/* harmony import */ var _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(86856);
/**
 * The one Octokit of the action: `@actions/github`'s client with the retry and throttling plugins, at
 * `GITHUB_API_URL`, with the `github-token` input. `@actions/github` is imported here only, and this
 * module is loaded only when a run talks to GitHub (`reporting.ts` imports it lazily), so a run that
 * never does pays nothing for Octokit at start-up.
 */



const Octokit = _actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_0__/* .GitHub */ .gq.plugin(_octokit_plugin_retry__WEBPACK_IMPORTED_MODULE_1__/* .retry */ .L, _octokit_plugin_throttling__WEBPACK_IMPORTED_MODULE_2__/* .throttling */ .A);
const USER_AGENT = 'bash-agent-action';
/** The longest a rate limit is waited out, in seconds: the step's end is not held up for longer. */
const MAX_RATE_LIMIT_WAIT_S = 60;
/** A limiter group that runs every job at once: the throttling plugin's pacing, switched off. */
const UNPACED = {
    key: () => ({
        schedule: (...args) => {
            const job = args.find((arg) => typeof arg === 'function');
            const rest = args.slice(args.indexOf(job) + 1);
            return job(...rest);
        },
    }),
};
function createGitHub({ token, baseUrl, warn, backoffUnitMs = 1000, paceWrites = true, }) {
    const limitHandler = (kind) => (retryAfter, options, _octokit, retryCount) => {
        // One retry rides out a short window; a second limit, or a reset far off (a primary limit can
        // be an hour away), means the budget is gone for longer than a report is worth waiting for.
        if (retryCount < 1 && retryAfter <= MAX_RATE_LIMIT_WAIT_S)
            return true;
        warn(`GitHub ${kind} rate limit on ${options.method} ${options.url}; giving up (retry after ${retryAfter} s)`);
        return false;
    };
    return new Octokit((0,_actions_github_lib_utils__WEBPACK_IMPORTED_MODULE_0__/* .getOctokitOptions */ .EG)(token, {
        baseUrl: baseUrl?.replace(/\/+$/, '') || 'https://api.github.com',
        userAgent: USER_AGENT,
        log: {
            debug: () => undefined,
            info: () => undefined,
            warn: (message) => warn(message),
            error: (message) => warn(message),
        },
        retry: { retryAfterBaseValue: backoffUnitMs },
        throttle: {
            retryAfterBaseValue: backoffUnitMs,
            onRateLimit: limitHandler('primary'),
            onSecondaryRateLimit: limitHandler('secondary'),
            ...(paceWrites ? {} : { write: UNPACED, notifications: UNPACED }),
        },
    }));
}


/***/ })

};

//# sourceMappingURL=584.index.js.map