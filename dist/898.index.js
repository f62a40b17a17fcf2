export const id = 898;
export const ids = [898];
export const modules = {

/***/ 1898:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   vertexProvider: () => (/* binding */ vertexProvider)
/* harmony export */ });
/* harmony import */ var _config_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7458);
/** Google Vertex AI (`provider: vertex`): not built on this branch yet; refused at the start. */

function notYet() {
    throw new _config_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('provider', `Input 'provider' vertex is not supported yet`);
}
const vertexProvider = {
    name: 'vertex',
    missingCredentials: notYet,
    resolveModel: notYet,
    connect: notYet,
};


/***/ })

};

//# sourceMappingURL=898.index.js.map