import type { Tag, TagWrite } from '@plume/core';
import { ConflictError, NotFoundError } from '../../errors';
import type { Repositories, UnitOfWork } from '../repositories';

export function createTagsService(deps: { repositories: Repositories; unitOfWork: UnitOfWork }) {
  const { repositories, unitOfWork } = deps;

  async function checkNameFree(repos: Repositories, workspaceId: string, name: string, exceptId?: string) {
    const existing = await repos.tags.findByName(workspaceId, name);
    if (existing && existing.id !== exceptId) throw new ConflictError(`A tag named "${name}" already exists`);
  }

  return {
    list: (workspaceId: string) => repositories.tags.list(workspaceId),

    create: (workspaceId: string, input: TagWrite): Promise<Tag> =>
      unitOfWork(async (repos) => {
        await checkNameFree(repos, workspaceId, input.name);
        return repos.tags.insert(workspaceId, input);
      }),

    update: (workspaceId: string, id: string, input: TagWrite): Promise<Tag> =>
      unitOfWork(async (repos) => {
        await checkNameFree(repos, workspaceId, input.name, id);
        const tag = await repos.tags.update(workspaceId, id, input);
        if (!tag) throw new NotFoundError('Tag not found');
        return tag;
      }),

    /** Deleting a tag takes it off every persona. */
    remove: (workspaceId: string, id: string): Promise<void> =>
      unitOfWork(async (repos) => {
        if (!(await repos.tags.delete(workspaceId, id))) throw new NotFoundError('Tag not found');
        await repos.personas.removeTagEverywhere(workspaceId, id);
      }),
  };
}
export type TagsService = ReturnType<typeof createTagsService>;
