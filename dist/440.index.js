export const id = 440;
export const ids = [440];
export const modules = {

/***/ 33440:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  vertexProvider: () => (/* binding */ vertexProvider)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
var external_node_fs_default = /*#__PURE__*/__webpack_require__.n(external_node_fs_);
// EXTERNAL MODULE: ./node_modules/@anthropic-ai/vertex-sdk/index.mjs + 7 modules
var vertex_sdk = __webpack_require__(82033);
// EXTERNAL MODULE: ./src/base/errors.ts
var errors = __webpack_require__(34758);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/guard/file-snapshot.ts
var file_snapshot = __webpack_require__(59716);
;// CONCATENATED MODULE: ./src/guard/hidden-files.ts
/**
 * Credential files that sit where the agent's shell can read them \u2014 google-github-actions/auth writes
 * its file into the workspace \u2014 taken out of its reach for the run: read into memory and removed
 * before the shell starts, then written back exactly (content and mode, as a fresh file, never through
 * a link planted in their place) when the run ends, whatever its ending, an exit of the process
 * included. The action reads the credentials from the copy it holds.
 */




/** Why a credential file could not be taken out: the run must not start with it in reach. */
class HiddenFileError extends Error {
    file;
    reason;
    constructor(
    /** The path as it was given. */
    file, 
    /** What is wrong with it, as the rest of a sentence that starts with the path. */
    reason) {
        super(`${file} ${reason}`);
        this.file = file;
        this.reason = reason;
        this.name = 'HiddenFileError';
    }
}
function reason(error) {
    return (0,errors/* messageOf */.bD)(error);
}
/**
 * The file a path names, links followed: removing a link would leave its target readable. Throws
 * a HiddenFileError for a path that names no regular file.
 */
function realFile(file) {
    let real;
    try {
        real = external_node_fs_default().realpathSync(file);
    }
    catch (error) {
        throw new HiddenFileError(file, `cannot be read: ${reason(error)}`);
    }
    if (!external_node_fs_default().statSync(real).isFile())
        throw new HiddenFileError(file, 'is not a file');
    return real;
}
/** Files out of the shell's reach until `restore`. */
class HiddenFiles {
    #snapshot;
    /** Each path as given, and the file it named. */
    #files;
    #problems;
    #onExit = () => void this.restore();
    constructor(snapshot, files) {
        this.#snapshot = snapshot;
        this.#files = files;
        // However the process ends short of SIGKILL \u2014 a forced exit of a cancelled run, an exit before
        // anyone could register `restore` \u2014 the files go back as it exits ('exit' listeners run then).
        process.on('exit', this.#onExit);
    }
    /**
     * Reads and removes every file (a path named twice, or through a link, counts once). Must run
     * while no process of the agent's exists. Throws a HiddenFileError, with every file back in place,
     * when one cannot be read or removed.
     */
    static take(paths) {
        const files = new Map(paths.map((file) => [file, realFile(file)]));
        const unique = [...new Set(files.values())];
        const snapshot = file_snapshot/* FileSnapshot */.V.take(unique.map((file) => ({ base: external_node_path_default().dirname(file), relative: external_node_path_default().basename(file) })));
        // A message names a path as it was given, not the file a link led to.
        const given = (real) => [...files].find(([, target]) => target === real)?.[0] ?? real;
        const uncopied = unique.find((file) => !snapshot.holdsCopyOf(file));
        if (uncopied) {
            throw new HiddenFileError(given(uncopied), 'is too large or unreadable to be put back');
        }
        for (const file of unique) {
            try {
                external_node_fs_default().unlinkSync(file);
            }
            catch (error) {
                // Half taken out is no protection, and a file removed for good would break later steps.
                snapshot.restore();
                throw new HiddenFileError(given(file), `cannot be taken out of the shell's reach: ${reason(error)}`);
            }
        }
        return new HiddenFiles(snapshot, files);
    }
    /** The content a path named when it was taken out. */
    contentOf(file) {
        const real = this.#files.get(file);
        const content = real === undefined ? undefined : this.#snapshot.contentOf(real);
        if (content === undefined)
            throw new Error(`${file} was not taken out`);
        return content;
    }
    /**
     * Writes every file back as it was, replacing whatever the run left at its path. Synchronous, so a
     * forced exit can run it; later calls do nothing and return the same. Returns one line for each
     * file that could not be put back.
     */
    restore() {
        process.removeListener('exit', this.#onExit);
        this.#problems ??= this.#snapshot
            .restore()
            .filter((change) => !change.undone)
            .map((change) => `${change.path} could not be put back: ${change.reason ?? change.change}`);
        return this.#problems;
    }
}

// EXTERNAL MODULE: ./node_modules/google-auth-library/build/src/index.js
var src = __webpack_require__(492);
// EXTERNAL MODULE: ./src/providers/names.ts
var names = __webpack_require__(88114);
;// CONCATENATED MODULE: ./src/providers/google-credentials.ts
/**
 * Google application-default credentials as google-github-actions/auth leaves them: a JSON file it
 * writes into the workspace (`gha-creds-<hex>.json`), named by `GOOGLE_APPLICATION_CREDENTIALS` and
 * two other variables, and the project in five more. The file is Workload Identity Federation
 * (`external_account`: a GitHub OIDC token, fetched with the runner's request token that the file
 * itself holds, exchanged at Google's STS, optionally for a service account's token) or a
 * service-account key (`service_account`, holding a private key). This module finds the files, reads
 * one into the object google-auth-library takes, and names every secret in it and every token the
 * client obtains later, for redaction.
 */





/** The variables that name the credentials file, the one application-default credentials read first. */
const CREDENTIAL_FILE_VARIABLES = [
    'GOOGLE_APPLICATION_CREDENTIALS',
    'CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE',
    'GOOGLE_GHA_CREDS_PATH',
];
/**
 * Where the project comes from, first found wins: the Vertex SDK's own variable (set for this
 * purpose, so it beats the general ones), then those google-github-actions/auth exports.
 */
const PROJECT_VARIABLES = [
    'ANTHROPIC_VERTEX_PROJECT_ID',
    'GOOGLE_CLOUD_PROJECT',
    'GCLOUD_PROJECT',
    'CLOUDSDK_CORE_PROJECT',
    'CLOUDSDK_PROJECT',
    'GCP_PROJECT',
];
/** The name google-github-actions/auth gives the files it writes into the workspace. */
const ACTION_FILE_NAME = /^gha-creds-[a-z0-9]+\.json$/;
/** The kinds of credentials file this action reads. */
const SUPPORTED_TYPES = ['external_account', 'service_account', 'authorized_user'];
/** What Vertex AI asks of a token. */
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** Fields of a token endpoint's answer that hold a credential: STS, IAM, OAuth and GitHub's OIDC. */
const TOKEN_FIELDS = ['access_token', 'accessToken', 'id_token', 'refresh_token', 'value'];
/** A credentials file that cannot be used, said in one sentence that never quotes its content. */
class GoogleCredentialsError extends Error {
    constructor(message) {
        super(message);
        this.name = 'GoogleCredentialsError';
    }
}
/** The credentials file the client reads: the first of the variables that is set, or undefined. */
function credentialsFile(env) {
    const name = CREDENTIAL_FILE_VARIABLES.find((candidate) => (0,names/* readVariable */.nt)(env, candidate) !== '');
    return name && external_node_path_default().resolve((0,names/* readVariable */.nt)(env, name));
}
/**
 * Every credentials file the shell must not read: the one the client reads, the others the
 * variables name, and every file google-github-actions/auth wrote into the workspace (a job that
 * ran it twice has two). Only files that exist; each once.
 */
function credentialFilesToHide(env) {
    const named = CREDENTIAL_FILE_VARIABLES.map((name) => (0,names/* readVariable */.nt)(env, name))
        .filter((file) => file !== '')
        .map((file) => external_node_path_default().resolve(file));
    const workspace = (0,names/* readVariable */.nt)(env, 'GITHUB_WORKSPACE');
    let written = [];
    if (workspace !== '') {
        try {
            written = external_node_fs_default().readdirSync(workspace)
                .filter((name) => ACTION_FILE_NAME.test(name))
                .map((name) => external_node_path_default().join(workspace, name));
        }
        catch {
            // No workspace to search: the named files are all there is.
        }
    }
    return [...new Set([...named, ...written])].filter((file) => external_node_fs_default().existsSync(file));
}
function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function stringField(json, name) {
    const value = json[name];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
/**
 * A private key, and each line of its body: a line quoted on its own, out of the key's frame, is
 * as much a leak as the whole.
 */
function privateKeySecrets(key) {
    const lines = key
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('-----'));
    return [key, ...lines];
}
/**
 * The header values the file sends with the OIDC request (google-github-actions/auth writes
 * `Authorization: Bearer <ACTIONS_ID_TOKEN_REQUEST_TOKEN>`): each whole, and the token alone.
 */
function headerSecrets(source) {
    if (!isObject(source) || !isObject(source.headers))
        return [];
    return Object.values(source.headers)
        .filter((value) => typeof value === 'string')
        .flatMap((value) => [value, value.replace(/^\s*(bearer|basic)\s+/i, '')]);
}
/** What a file of each type must hold, for the message that says it does not. */
const REQUIRED_FIELDS = {
    external_account: ['audience', 'subject_token_type', 'credential_source'],
    service_account: ['client_email', 'private_key'],
    authorized_user: ['client_id', 'client_secret', 'refresh_token'],
};
/** Reads a credentials file's content; `file` only names it in messages. */
function parseGoogleCredentials(content, file) {
    let json;
    try {
        json = JSON.parse(content.toString());
    }
    catch {
        // The parser's message quotes the text around the error, which may be the key itself.
        throw new GoogleCredentialsError(`The Google credentials file ${file} is not valid JSON`);
    }
    if (!isObject(json)) {
        throw new GoogleCredentialsError(`The Google credentials file ${file} is not a JSON object`);
    }
    const type = json.type;
    if (typeof type !== 'string' || !SUPPORTED_TYPES.includes(type)) {
        throw new GoogleCredentialsError(`The Google credentials file ${file} has type ${JSON.stringify(type ?? null)}; expected one of ` +
            `${SUPPORTED_TYPES.join(', ')} (google-github-actions/auth writes external_account for ` +
            `Workload Identity Federation and service_account for a key)`);
    }
    const credentialType = type;
    const missing = REQUIRED_FIELDS[credentialType].filter((name) => name === 'credential_source' ? !isObject(json.credential_source) : !stringField(json, name));
    if (missing.length > 0) {
        throw new GoogleCredentialsError(`The Google credentials file ${file} (${type}) lacks ${missing.join(', ')}`);
    }
    const privateKey = stringField(json, 'private_key');
    const secrets = [
        ...(privateKey ? privateKeySecrets(privateKey) : []),
        ...headerSecrets(json.credential_source),
        ...['client_secret', 'refresh_token'].flatMap((name) => stringField(json, name) ?? []),
    ];
    return {
        type: credentialType,
        json: json,
        secrets,
        projectId: stringField(json, 'project_id'),
    };
}
/** The project from the environment, or undefined. */
function projectFromEnv(env) {
    const name = PROJECT_VARIABLES.find((candidate) => (0,names/* readVariable */.nt)(env, candidate) !== '');
    return name && (0,names/* readVariable */.nt)(env, name);
}
/** The credential of an `Authorization` header: the token of a bearer, the whole value otherwise. */
function authorizationSecret(value) {
    if (!value)
        return undefined;
    return value.replace(/^\s*bearer\s+/i, '');
}
/**
 * Hands every token the client obtains to `add` as it arrives, before the client uses it: GitHub's
 * OIDC token and the impersonated service account's token (answers to the client's own requests),
 * the STS token (sent on as the bearer of the impersonation request, or handed out as the access
 * token), an OAuth access token. They are fetched during the run, long after the secrets known at
 * the start were registered. STS is asked through a transport of its own, which the interceptors do
 * not see: its token is caught where it is used next, or where the client hands it out.
 */
function reportTokens(client, add) {
    const addString = (value) => {
        if (typeof value === 'string' && value !== '')
            add(value);
    };
    client.transporter.interceptors.request.add({
        resolved: async (options) => {
            addString(authorizationSecret(options.headers.get('authorization')));
            return options;
        },
    });
    client.transporter.interceptors.response.add({
        resolved: async (response) => {
            const data = response.data;
            if (isObject(data))
                for (const field of TOKEN_FIELDS)
                    addString(data[field]);
            return response;
        },
    });
    client.on('tokens', (tokens) => {
        for (const value of [tokens.access_token, tokens.id_token, tokens.refresh_token])
            addString(value);
    });
}
/**
 * The client for `credentials`, built from the copy in memory (never from a path), every token it
 * obtains handed to `addSecret` before it is used.
 */
function authClientFor(credentials, addSecret) {
    const client = new src.GoogleAuth({ scopes: CLOUD_PLATFORM_SCOPE }).fromJSON(credentials.json);
    reportTokens(client, addSecret);
    return client;
}
/**
 * Has `client` obtain its first token, within `timeoutMs`; throws a GoogleCredentialsError with
 * Google's reason when it cannot. The token is cached for the requests that follow.
 */
async function fetchFirstToken(client, timeoutMs) {
    let timer;
    try {
        await Promise.race([
            client.getAccessToken(),
            new Promise((_resolve, reject) => {
                timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
            }),
        ]);
    }
    catch (error) {
        throw new GoogleCredentialsError(`Google did not issue an access token for Vertex AI from the credentials in ${CREDENTIAL_FILE_VARIABLES[0]}: ${(0,errors/* messageOf */.bD)(error)}`);
    }
    finally {
        clearTimeout(timer);
    }
}

;// CONCATENATED MODULE: ./src/providers/vertex.ts
/**
 * Google Vertex AI (`provider: vertex`) through Anthropic's Vertex client: requests go to
 * `\u2026/projects/<project>/locations/<region>/publishers/anthropic/models/<model>:rawPredict` with a
 * Google access token, from the application-default credentials google-github-actions/auth leaves
 * (google-credentials.ts). The region and the project come from the environment as claude-code-action
 * documents them: `CLOUD_ML_REGION`, and `ANTHROPIC_VERTEX_PROJECT_ID` or the project the auth step
 * exports. The credentials file, which the auth step writes into the workspace, is out of the shell's
 * reach for the whole run (hidden-files.ts) and the client reads the copy held in memory.
 */






const GOOGLE_LOGIN = 'the google-github-actions/auth step';
/** Where the Vertex SDK reads its region from; users set it in the step's `env`. */
const REGION_VARIABLE = 'CLOUD_ML_REGION';
/** The one location without the regional premium. */
const GLOBAL_REGION = 'global';
/**
 * The API version Vertex requires in the body. The Vertex client copies the `anthropic-version`
 * header there, and the base SDK's header is the first-party API's version, which Vertex refuses.
 */
const VERTEX_API_VERSION = 'vertex-2023-10-16';
/**
 * How long the first token may take. The chain is three short requests; a Google that does not
 * answer must not hold the step until the job's timeout.
 */
const FIRST_TOKEN_TIMEOUT_MS = 60_000;
/** Vertex's spelling: an alias (`claude-sonnet-4-6`) or a version pinned with `@date`. */
const VERTEX_MODEL_ID = /^claude-[a-z0-9]+(-[a-z0-9]+)*(@\d{8})?$/;
/** The first-party API's pinned spelling, `claude-sonnet-4-5-20250929`. */
const ANTHROPIC_DATED_ID = /^(claude-[a-z0-9-]+)-(\d{8})$/;
function region(env) {
    return (0,names/* readVariable */.nt)(env, REGION_VARIABLE);
}
/** The project of a service-account key, when the environment names none; undefined otherwise. */
function projectFromFile(file) {
    try {
        return parseGoogleCredentials(external_node_fs_default().readFileSync(file), file).projectId;
    }
    catch {
        return undefined;
    }
}
/** Why the credentials file cannot be read, or undefined when it can. */
function unreadable(file) {
    try {
        external_node_fs_default().accessSync(file, (external_node_fs_default()).constants.R_OK);
        return external_node_fs_default().statSync(file).isFile() ? undefined : 'it is not a file';
    }
    catch (error) {
        return error.code ?? String(error);
    }
}
/**
 * Takes every credentials file out of the shell's reach, or refuses to start: a file the shell could
 * read would hand it the credentials. `file` is the one the client reads; its path is redacted where
 * it shows (its variable looks secret), so the message names the variable instead.
 */
function hideCredentialFiles(env, file) {
    try {
        return HiddenFiles.take(credentialFilesToHide(env));
    }
    catch (error) {
        if (!(error instanceof HiddenFileError))
            throw error;
        const which = error.file === file ? `the file ${CREDENTIAL_FILE_VARIABLES[0]} names` : error.file;
        throw new GoogleCredentialsError(`Google credentials must be out of the agent's reach for the run, but ${which} ${error.reason}`);
    }
}
const vertexProvider = {
    name: 'vertex',
    missingCredentials(_settings, env) {
        const missing = [];
        const file = credentialsFile(env);
        const problem = file === undefined ? undefined : unreadable(file);
        if (file === undefined) {
            missing.push((0,names/* describeMissing */.UV)('Google credentials', {
                variables: [CREDENTIAL_FILE_VARIABLES[0]],
                setBy: `${GOOGLE_LOGIN}, with workload_identity_provider or credentials_json,`,
            }));
        }
        else if (problem !== undefined) {
            // The path itself is redacted wherever it shows (its variable looks secret): name the variable.
            missing.push(`no readable Google credentials: the file ${CREDENTIAL_FILE_VARIABLES[0]} names cannot be read (${problem}); ` +
                `run ${GOOGLE_LOGIN} earlier in the same job, after actions/checkout (which would delete it)`);
        }
        const hasProject = projectFromEnv(env) !== undefined ||
            (file !== undefined && problem === undefined && projectFromFile(file) !== undefined);
        if (!hasProject) {
            missing.push((0,names/* describeMissing */.UV)('Google Cloud project', {
                variables: PROJECT_VARIABLES,
                setBy: `${GOOGLE_LOGIN}, from its project_id or its service_account's project,`,
            }));
        }
        if (region(env) === '') {
            missing.push(`no Vertex AI region: set ${REGION_VARIABLE} in the step's env (global, or a region where the model is enabled, such as us-east5)`);
        }
        return missing;
    },
    resolveModel(model, input, env) {
        const dated = ANTHROPIC_DATED_ID.exec(model);
        if (dated || !VERTEX_MODEL_ID.test(model)) {
            const instead = dated ? `${dated[1]}@${dated[2]}` : 'claude-<model>@<date>, or an alias';
            throw new errors/* InputError */.dz(input, `Input '${input}' must be a Vertex AI model id (${instead}, as the Model Garden lists it), got '${model}'`);
        }
        return { model, endpoint: region(env) === GLOBAL_REGION ? 'global' : 'regional' };
    },
    async connect({ settings, env, client, addSecret }) {
        // missingCredentials found the file: it is there and readable.
        const file = credentialsFile(env);
        // Before the shell exists, every credentials file goes out of its reach; the client reads the copy.
        const hidden = hideCredentialFiles(env, file);
        try {
            const credentials = parseGoogleCredentials(hidden.contentOf(file), file);
            const authClient = authClientFor(credentials, addSecret);
            // The first token now, as google-github-actions/auth itself checks its work: a file the chain
            // refuses fails the run at the start with Google's reason, not after the SDK's retries.
            await fetchFirstToken(authClient, FIRST_TOKEN_TIMEOUT_MS);
            const location = region(env);
            const vertex = new vertex_sdk/* AnthropicVertex */.dc({
                ...client,
                region: location,
                projectId: projectFromEnv(env) ?? credentials.projectId,
                authClient,
                defaultHeaders: { 'anthropic-version': VERTEX_API_VERSION },
                ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
            });
            return {
                messages: vertex.messages,
                secrets: credentials.secrets,
                notes: [],
                restore: () => hidden.restore(),
                ...(location !== GLOBAL_REGION ? { regionalEndpoint: `Vertex AI region ${location}` } : {}),
            };
        }
        catch (error) {
            // Nothing will run: the files go back at once.
            hidden.restore();
            throw error;
        }
    },
};


/***/ })

};

//# sourceMappingURL=440.index.js.map