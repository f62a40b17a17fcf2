export const id = 222;
export const ids = [222];
export const modules = {

/***/ 59222:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   anthropicProvider: () => (/* binding */ anthropicProvider)
/* harmony export */ });
/* harmony import */ var _anthropic_ai_sdk__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2968);
/** The Anthropic API itself (`provider: anthropic`), with an API key; gateways via the base URL. */

const anthropicProvider = {
    name: 'anthropic',
    missingCredentials(settings) {
        return settings.apiKey === ''
            ? [
                `no API key: set the 'anthropic-api-key' input (for example \${{ secrets.ANTHROPIC_API_KEY }}) or the ANTHROPIC_API_KEY environment variable`,
            ]
            : [];
    },
    resolveModel(model) {
        return { model, endpoint: 'global' };
    },
    async connect({ settings, client }) {
        const anthropic = new _anthropic_ai_sdk__WEBPACK_IMPORTED_MODULE_0__/* .Anthropic */ .N({
            ...client,
            apiKey: settings.apiKey,
            // null, not undefined: the SDK would read ANTHROPIC_BASE_URL again, which config already did.
            baseURL: settings.baseUrl ?? null,
        });
        return { messages: anthropic.messages, secrets: [settings.apiKey], notes: [] };
    },
};


/***/ })

};

//# sourceMappingURL=222.index.js.map