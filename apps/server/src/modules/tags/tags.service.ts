import type { Tag, TagWrite } from '@plume/core';
import { ConflictError, NotFoundError } from '../../errors';
import type { Repositories, UnitOfWork } from '../repositories';

export function createTagsService(deps: { repositories: Repositories; unitOfWork: UnitOfWork }) {
  const { repositories, unitOfWork } = deps;

  async function checkNameFree(repos: Repositories, userId: string, name: string, exceptId?: string) {
    const existing = await repos.tags.findByName(userId, name);
    if (existing && existing.id !== exceptId) throw new ConflictError(`A tag named "${name}" already exists`);
  }

  return {
    list: (userId: string) => repositories.tags.list(userId),

    create: (userId: string, input: TagWrite): Promise<Tag> =>
      unitOfWork(async (repos) => {
        await checkNameFree(repos, userId, input.name);
        return repos.tags.insert(userId, input);
      }),

    update: (userId: string, id: string, input: TagWrite): Promise<Tag> =>
      unitOfWork(async (repos) => {
        await checkNameFree(repos, userId, input.name, id);
        const tag = await repos.tags.update(userId, id, input);
        if (!tag) throw new NotFoundError('Tag not found');
        return tag;
      }),

    /** Deleting a tag takes it off every persona. */
    remove: (userId: string, id: string): Promise<void> =>
      unitOfWork(async (repos) => {
        if (!(await repos.tags.delete(userId, id))) throw new NotFoundError('Tag not found');
        await repos.personas.removeTagEverywhere(userId, id);
      }),
  };
}
export type TagsService = ReturnType<typeof createTagsService>;
