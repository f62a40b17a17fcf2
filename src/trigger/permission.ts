/**
 * Who may ask for a run: a collaborator with at least `min-permission`, or a bot that `allowed-bots`
 * lists. The answer is a refusal to reply with, or nothing when the requester may ask.
 */
import { PERMISSIONS, type Permission } from '../config/config.js';
import { describeError, type Actor, type TriggerGitHub } from './payload.js';

/** Why a requester was refused. */
export type RefusalCode =
  /** The requester's permission is below min-permission (or they are no collaborator). */
  | 'permission'
  /** The requester is a bot that allowed-bots does not list. */
  | 'bot'
  /** The requester's permission could not be looked up. */
  | 'permission-unknown';

/** What the permission check reads of the settings. */
export interface PermissionSettings {
  minPermission: Permission;
  allowedBots: string[];
}

/** A bot login without its `[bot]` suffix, lower-cased as GitHub compares logins. */
function botName(login: string): string {
  return login.toLowerCase().replace(/\[bot\]$/, '');
}

export function isBot(actor: Actor): boolean {
  return actor.type === 'Bot' || /\[bot\]$/i.test(actor.login);
}

/** The level a permission response grants: `role_name` when it is a standard one, else `permission`. */
function permissionLevel(data: { permission: string; role_name?: string | null }): number {
  const named = data.role_name ?? '';
  return PERMISSIONS.indexOf(
    (PERMISSIONS.includes(named as Permission) ? named : data.permission) as Permission,
  );
}

/** Why `actor` may not ask for a run, as a reply to them; undefined when they may. */
export async function refusal(
  actor: Actor,
  settings: PermissionSettings,
  github: TriggerGitHub,
): Promise<{ code: RefusalCode; reason: string; reply: string } | undefined> {
  const who = `@${actor.login}`;
  if (isBot(actor)) {
    const allowed = settings.allowedBots.some(
      (bot) => bot === '*' || botName(bot) === botName(actor.login),
    );
    // A bot the workflow lists by name (or with `*`) is trusted as the workflow's own: bots are no
    // collaborators, so asking for their permission would refuse every one of them.
    if (allowed) return undefined;
    return {
      code: 'bot',
      reason: `${who} is a bot that allowed-bots does not list`,
      reply: `${who} is a bot, and this workflow does not let bots start runs (\`allowed-bots\`).`,
    };
  }
  let level: number;
  let named: string;
  try {
    const data = await github.permissionOf(actor.login);
    level = permissionLevel(data);
    named = level >= 0 ? (PERMISSIONS[level] as string) : data.permission || 'none';
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status !== 404) {
      const why = describeError(error);
      return {
        code: 'permission-unknown',
        reason: `the permission of ${who} could not be checked (${why})`,
        reply: `The permission of ${who} could not be checked, so the request was not run.`,
      };
    }
    level = -1;
    named = 'none';
  }
  if (level >= PERMISSIONS.indexOf(settings.minPermission)) return undefined;
  return {
    code: 'permission',
    reason: `${who} has ${named} permission; ${settings.minPermission} is needed`,
    reply: `${who}, starting a run here needs \`${settings.minPermission}\` permission on the repository; yours is \`${named}\`.`,
  };
}
