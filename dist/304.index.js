export const id = 304;
export const ids = [304];
export const modules = {

/***/ 56304:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   bedrockProvider: () => (/* binding */ bedrockProvider)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_bedrock_sdk__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(41820);
/* harmony import */ var _base_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(34758);
/* harmony import */ var _base_action_defaults_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(99726);
/* harmony import */ var _names_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(88114);
/**
 * Amazon Bedrock (`provider: bedrock`) through Anthropic's Bedrock client: requests go to
 * `/model/<model-id>/invoke`, SigV4-signed for service `bedrock` with the AWS credentials that
 * aws-actions/configure-aws-credentials leaves in the environment, or sent with a Bedrock API key.
 */




const AWS_LOGIN = 'the aws-actions/configure-aws-credentials step';
const KEY_PAIR = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];
/** A Bedrock API key: used instead of SigV4 when set. */
const API_KEY = 'AWS_BEARER_TOKEN_BEDROCK';
/** configure-aws-credentials sets both; other tools only one. */
const REGION_VARIABLES = ['AWS_REGION', 'AWS_DEFAULT_REGION'];
/**
 * Bedrock's ids for the Anthropic spellings it is given. Only the default is translated: it must work
 * as it is on every provider, and its global inference profile is served from every commercial
 * region at the global price (Bedrock model catalogue, checked 2026-12). Any other Anthropic id is
 * refused at the start with the spelling to use, since Bedrock's ids follow no one rule
 * (`anthropic.claude-opus-4-6-v1`, `anthropic.claude-sonnet-4-6`, `\u2026-20250929-v1:0`).
 */
const BEDROCK_IDS = {
    [_base_action_defaults_js__WEBPACK_IMPORTED_MODULE_2__/* .INPUT_DEFAULTS */ .W.model]: `global.anthropic.${_base_action_defaults_js__WEBPACK_IMPORTED_MODULE_2__/* .INPUT_DEFAULTS */ .W.model}`,
};
/** `id` is Anthropic's spelling, not Bedrock's (no `anthropic.` publisher prefix, not an ARN). */
function isAnthropicSpelling(id) {
    return id.startsWith('claude-');
}
/**
 * Whether a Bedrock id goes to the global endpoint: a `global.` inference profile, also inside an
 * ARN. A geographic profile (`us.`, `eu.`, `apac.`, `jp.`\u2026), an in-region id or an application
 * profile whose name says nothing is priced as regional, so the estimate errs high.
 */
function isGlobalEndpoint(id) {
    return id.slice(id.lastIndexOf('/') + 1).startsWith('global.');
}
function region(env) {
    for (const name of REGION_VARIABLES) {
        const value = (0,_names_js__WEBPACK_IMPORTED_MODULE_3__/* .readVariable */ .nt)(env, name);
        if (value !== '')
            return value;
    }
    return '';
}
const bedrockProvider = {
    name: 'bedrock',
    missingCredentials(_config, env) {
        const missing = [];
        if ((0,_names_js__WEBPACK_IMPORTED_MODULE_3__/* .readVariable */ .nt)(env, API_KEY) === '') {
            const absent = KEY_PAIR.filter((name) => (0,_names_js__WEBPACK_IMPORTED_MODULE_3__/* .readVariable */ .nt)(env, name) === '');
            if (absent.length > 0) {
                missing.push(`${(0,_names_js__WEBPACK_IMPORTED_MODULE_3__/* .describeMissing */ .UV)('AWS credentials', { variables: absent, setBy: AWS_LOGIN })}, or a Bedrock API key in ${API_KEY}`);
            }
        }
        if (region(env) === '') {
            missing.push((0,_names_js__WEBPACK_IMPORTED_MODULE_3__/* .describeMissing */ .UV)('AWS region', {
                variables: ['AWS_REGION'],
                setBy: `${AWS_LOGIN} with aws-region`,
            }));
        }
        return missing;
    },
    resolveModel(model, input) {
        const id = BEDROCK_IDS[model] ?? model;
        if (isAnthropicSpelling(id)) {
            throw new _base_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .dz(input, `Input '${input}' must be a Bedrock model id or inference profile (anthropic.${model} with a prefix such as global. or us., as the Bedrock console lists it), got '${model}'`);
        }
        return { model: id, endpoint: isGlobalEndpoint(id) ? 'global' : 'regional' };
    },
    async connect({ settings, env, client }) {
        const apiKey = (0,_names_js__WEBPACK_IMPORTED_MODULE_3__/* .readVariable */ .nt)(env, API_KEY);
        const [accessKey, secretKey] = KEY_PAIR.map((name) => (0,_names_js__WEBPACK_IMPORTED_MODULE_3__/* .readVariable */ .nt)(env, name));
        const sessionToken = (0,_names_js__WEBPACK_IMPORTED_MODULE_3__/* .readVariable */ .nt)(env, 'AWS_SESSION_TOKEN');
        const shared = {
            ...client,
            awsRegion: region(env),
            ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
        };
        // Every credential is passed, none left for the SDK to look up: its default chain would try
        // profiles, SSO and the instance metadata service, and sign with whatever it found there.
        const bedrock = apiKey
            ? new _anthropic_ai_bedrock_sdk__WEBPACK_IMPORTED_MODULE_0__/* .AnthropicBedrock */ .lv({ ...shared, apiKey })
            : new _anthropic_ai_bedrock_sdk__WEBPACK_IMPORTED_MODULE_0__/* .AnthropicBedrock */ .lv({
                ...shared,
                apiKey: null,
                awsAccessKey: accessKey,
                awsSecretKey: secretKey,
                awsSessionToken: sessionToken || null,
            });
        const notes = [
            'Amazon Bedrock has no token counting: request sizes for max-cost-usd are estimated from characters',
        ];
        return {
            // Only `create`: the client's `countTokens` is still there (inherited), and Bedrock answers
            // its path with 404; without it the loop estimates sizes from characters from the start.
            messages: { create: (params, options) => bedrock.messages.create(params, options) },
            secrets: [apiKey, accessKey, secretKey, sessionToken].filter((value) => !!value),
            notes: settings.maxCostUsd > 0 ? notes : [],
        };
    },
};


/***/ })

};

//# sourceMappingURL=304.index.js.map