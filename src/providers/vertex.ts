/** Google Vertex AI (`provider: vertex`): not built on this branch yet; refused at the start. */
import { InputError } from '../config.js';
import type { Provider } from './provider.js';

function notYet(): never {
  throw new InputError('provider', `Input 'provider' vertex is not supported yet`);
}

export const vertexProvider: Provider = {
  name: 'vertex',
  missingCredentials: notYet,
  resolveModel: notYet,
  connect: notYet,
};
