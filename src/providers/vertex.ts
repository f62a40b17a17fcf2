/**
 * Google Vertex AI (`provider: vertex`) through Anthropic's Vertex client: requests go to
 * `…/projects/<project>/locations/<region>/publishers/anthropic/models/<model>:rawPredict` with a
 * Google access token, from the application-default credentials google-github-actions/auth leaves
 * (google-credentials.ts). The region and the project come from the environment as claude-code-action
 * documents them: `CLOUD_ML_REGION`, and `ANTHROPIC_VERTEX_PROJECT_ID` or the project the auth step
 * exports. The credentials file, which the auth step writes into the workspace, is out of the shell's
 * reach for the whole run (hidden-files.ts) and the client reads the copy held in memory.
 */
import fs from 'node:fs';
import { AnthropicVertex } from '@anthropic-ai/vertex-sdk';
import { InputError } from '../base/errors.js';
import { HiddenFileError, HiddenFiles } from '../guard/hidden-files.js';
import {
  authClientFor,
  CREDENTIAL_FILE_VARIABLES,
  credentialFilesToHide,
  credentialsFile,
  fetchFirstToken,
  GoogleCredentialsError,
  parseGoogleCredentials,
  projectFromEnv,
  PROJECT_VARIABLES,
} from './google-credentials.js';
import { describeMissing, readVariable } from './names.js';
import type { Provider } from './provider.js';

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

function region(env: NodeJS.ProcessEnv): string {
  return readVariable(env, REGION_VARIABLE);
}

/** The project of a service-account key, when the environment names none; undefined otherwise. */
function projectFromFile(file: string): string | undefined {
  try {
    return parseGoogleCredentials(fs.readFileSync(file), file).projectId;
  } catch {
    return undefined;
  }
}

/** Why the credentials file cannot be read, or undefined when it can. */
function unreadable(file: string): string | undefined {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return fs.statSync(file).isFile() ? undefined : 'it is not a file';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
}

/**
 * Takes every credentials file out of the shell's reach, or refuses to start: a file the shell could
 * read would hand it the credentials. `file` is the one the client reads; its path is redacted where
 * it shows (its variable looks secret), so the message names the variable instead.
 */
function hideCredentialFiles(env: NodeJS.ProcessEnv, file: string): HiddenFiles {
  try {
    return HiddenFiles.take(credentialFilesToHide(env));
  } catch (error) {
    if (!(error instanceof HiddenFileError)) throw error;
    const which =
      error.file === file ? `the file ${CREDENTIAL_FILE_VARIABLES[0]} names` : error.file;
    throw new GoogleCredentialsError(
      `Google credentials must be out of the agent's reach for the run, but ${which} ${error.reason}`,
    );
  }
}

export const vertexProvider: Provider = {
  name: 'vertex',

  missingCredentials(_settings, env) {
    const missing: string[] = [];
    const file = credentialsFile(env);
    const problem = file === undefined ? undefined : unreadable(file);
    if (file === undefined) {
      missing.push(
        describeMissing('Google credentials', {
          variables: [CREDENTIAL_FILE_VARIABLES[0]],
          setBy: `${GOOGLE_LOGIN}, with workload_identity_provider or credentials_json,`,
        }),
      );
    } else if (problem !== undefined) {
      // The path itself is redacted wherever it shows (its variable looks secret): name the variable.
      missing.push(
        `no readable Google credentials: the file ${CREDENTIAL_FILE_VARIABLES[0]} names cannot be read (${problem}); ` +
          `run ${GOOGLE_LOGIN} earlier in the same job, after actions/checkout (which would delete it)`,
      );
    }
    const hasProject =
      projectFromEnv(env) !== undefined ||
      (file !== undefined && problem === undefined && projectFromFile(file) !== undefined);
    if (!hasProject) {
      missing.push(
        describeMissing('Google Cloud project', {
          variables: PROJECT_VARIABLES,
          setBy: `${GOOGLE_LOGIN}, from its project_id or its service_account's project,`,
        }),
      );
    }
    if (region(env) === '') {
      missing.push(
        `no Vertex AI region: set ${REGION_VARIABLE} in the step's env (global, or a region where the model is enabled, such as us-east5)`,
      );
    }
    return missing;
  },

  resolveModel(model, input, env) {
    const dated = ANTHROPIC_DATED_ID.exec(model);
    if (dated || !VERTEX_MODEL_ID.test(model)) {
      const instead = dated ? `${dated[1]}@${dated[2]}` : 'claude-<model>@<date>, or an alias';
      throw new InputError(
        input,
        `Input '${input}' must be a Vertex AI model id (${instead}, as the Model Garden lists it), got '${model}'`,
      );
    }
    return { model, endpoint: region(env) === GLOBAL_REGION ? 'global' : 'regional' };
  },

  async connect({ settings, env, client, addSecret }) {
    // missingCredentials found the file: it is there and readable.
    const file = credentialsFile(env) as string;
    // Before the shell exists, every credentials file goes out of its reach; the client reads the copy.
    const hidden = hideCredentialFiles(env, file);
    try {
      const credentials = parseGoogleCredentials(hidden.contentOf(file), file);
      const authClient = authClientFor(credentials, addSecret);
      // The first token now, as google-github-actions/auth itself checks its work: a file the chain
      // refuses fails the run at the start with Google's reason, not after the SDK's retries.
      await fetchFirstToken(authClient, FIRST_TOKEN_TIMEOUT_MS);
      const location = region(env);
      const vertex = new AnthropicVertex({
        ...client,
        region: location,
        projectId: projectFromEnv(env) ?? (credentials.projectId as string),
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
    } catch (error) {
      // Nothing will run: the files go back at once.
      hidden.restore();
      throw error;
    }
  },
};
