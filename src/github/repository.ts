/**
 * What the trigger reads from GitHub about the repository (a commenter's permission, a pull request
 * and its files), over the action's one client. The answers are the REST data as GitHub gives them;
 * errors keep their HTTP `status`, which the trigger reads (404: not a collaborator).
 */
import type { GitHub } from './client.js';
import type { TriggerGitHub } from '../trigger/payload.js';
import type { Repository } from './names.js';

export function repositoryReader(github: GitHub, repository: Repository): TriggerGitHub {
  return {
    async permissionOf(login: string) {
      const { data } = await github.request(
        'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
        { ...repository, username: login },
      );
      return data;
    },

    async pullRequest(number: number) {
      const { data } = await github.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
        ...repository,
        pull_number: number,
      });
      return data;
    },

    async pullRequestFiles(number: number, limit: number): Promise<string[]> {
      const names: string[] = [];
      // Pages of 100 until `limit` names are in: a PR of 3,000 files costs one call, not thirty.
      for await (const page of github.paginate.iterator(
        'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
        {
          ...repository,
          pull_number: number,
          per_page: Math.min(100, Math.max(1, limit)),
        },
      )) {
        names.push(...page.data.map((file) => file.filename));
        if (names.length >= limit) break;
      }
      return names.slice(0, limit);
    },
  };
}
