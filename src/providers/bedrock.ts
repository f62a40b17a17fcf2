/**
 * Amazon Bedrock (`provider: bedrock`) through Anthropic's Bedrock client: requests go to
 * `/model/<model-id>/invoke`, SigV4-signed for service `bedrock` with the AWS credentials that
 * aws-actions/configure-aws-credentials leaves in the environment, or sent with a Bedrock API key.
 */
import { AnthropicBedrock } from '@anthropic-ai/bedrock-sdk';
import { InputError } from '../base/errors.js';
import { INPUT_DEFAULTS } from '../base/action-defaults.js';
import { describeMissing, readVariable } from './names.js';
import type { Provider } from './provider.js';

const AWS_LOGIN = 'the aws-actions/configure-aws-credentials step';
const KEY_PAIR = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
/** A Bedrock API key: used instead of SigV4 when set. */
const API_KEY = 'AWS_BEARER_TOKEN_BEDROCK';
/** configure-aws-credentials sets both; other tools only one. */
const REGION_VARIABLES = ['AWS_REGION', 'AWS_DEFAULT_REGION'] as const;

/**
 * Bedrock's ids for the Anthropic spellings it is given. Only the default is translated: it must work
 * as it is on every provider, and its global inference profile is served from every commercial
 * region at the global price (Bedrock model catalogue, checked 2026-12). Any other Anthropic id is
 * refused at the start with the spelling to use, since Bedrock's ids follow no one rule
 * (`anthropic.claude-opus-4-6-v1`, `anthropic.claude-sonnet-4-6`, `…-20250929-v1:0`).
 */
const BEDROCK_IDS: Readonly<Record<string, string>> = {
  [INPUT_DEFAULTS.model as string]: `global.anthropic.${INPUT_DEFAULTS.model}`,
};

/** `id` is Anthropic's spelling, not Bedrock's (no `anthropic.` publisher prefix, not an ARN). */
function isAnthropicSpelling(id: string): boolean {
  return id.startsWith('claude-');
}

/**
 * Whether a Bedrock id goes to the global endpoint: a `global.` inference profile, also inside an
 * ARN. A geographic profile (`us.`, `eu.`, `apac.`, `jp.`…), an in-region id or an application
 * profile whose name says nothing is priced as regional, so the estimate errs high.
 */
function isGlobalEndpoint(id: string): boolean {
  return id.slice(id.lastIndexOf('/') + 1).startsWith('global.');
}

function region(env: NodeJS.ProcessEnv): string {
  for (const name of REGION_VARIABLES) {
    const value = readVariable(env, name);
    if (value !== '') return value;
  }
  return '';
}

export const bedrockProvider: Provider = {
  name: 'bedrock',

  missingCredentials(_config, env) {
    const missing: string[] = [];
    if (readVariable(env, API_KEY) === '') {
      const absent = KEY_PAIR.filter((name) => readVariable(env, name) === '');
      if (absent.length > 0) {
        missing.push(
          `${describeMissing('AWS credentials', { variables: absent, setBy: AWS_LOGIN })}, or a Bedrock API key in ${API_KEY}`,
        );
      }
    }
    if (region(env) === '') {
      missing.push(
        describeMissing('AWS region', {
          variables: ['AWS_REGION'],
          setBy: `${AWS_LOGIN} with aws-region`,
        }),
      );
    }
    return missing;
  },

  resolveModel(model, input) {
    const id = BEDROCK_IDS[model] ?? model;
    if (isAnthropicSpelling(id)) {
      throw new InputError(
        input,
        `Input '${input}' must be a Bedrock model id or inference profile (anthropic.${model} with a prefix such as global. or us., as the Bedrock console lists it), got '${model}'`,
      );
    }
    return { model: id, endpoint: isGlobalEndpoint(id) ? 'global' : 'regional' };
  },

  async connect({ settings, env, client }) {
    const apiKey = readVariable(env, API_KEY);
    const [accessKey, secretKey] = KEY_PAIR.map((name) => readVariable(env, name));
    const sessionToken = readVariable(env, 'AWS_SESSION_TOKEN');
    const shared = {
      ...client,
      awsRegion: region(env),
      ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    };
    // Every credential is passed, none left for the SDK to look up: its default chain would try
    // profiles, SSO and the instance metadata service, and sign with whatever it found there.
    const bedrock = apiKey
      ? new AnthropicBedrock({ ...shared, apiKey })
      : new AnthropicBedrock({
          ...shared,
          apiKey: null,
          awsAccessKey: accessKey as string,
          awsSecretKey: secretKey as string,
          awsSessionToken: sessionToken || null,
        });
    const notes = [
      'Amazon Bedrock has no token counting: request sizes for max-cost-usd are estimated from characters',
    ];
    return {
      // Only `create`: the client's `countTokens` is still there (inherited), and Bedrock answers
      // its path with 404; without it the loop estimates sizes from characters from the start.
      messages: { create: (params, options) => bedrock.messages.create(params, options) },
      secrets: [apiKey, accessKey, secretKey, sessionToken].filter(
        (value): value is string => !!value,
      ),
      notes: settings.maxCostUsd > 0 ? notes : [],
    };
  },
};
