import type Router from '@koa/router';
import type { AppState } from '../context.js';
import type { ContainerTagService, ContainerTagView } from '../../services/container-tags.js';
import { defineRoute, mount, ok } from '../route.js';
import { ContainerTagDeleteResponse, ContainerTagListItem, ContainerTagMergeResponse, ContainerTagResponse, ContainerTagUpdateResponse } from '../schemas/account-responses.js';
import { Profile } from '../schemas/memory-responses.js';
import { z } from 'zod';
import { ContainerTag } from '../schemas/common.js';
import { ListContainerTagsQuery, MergeContainerTagsBody, UpdateContainerTagBody } from '../schemas/container-tags.js';

/** A list entry: Mnemo has no separate space ids, so the tag (unique per organisation) is the id. */
function listItem(v: ContainerTagView) {
  return {
    id: v.containerTag,
    name: v.name,
    containerTag: v.containerTag,
    description: null,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    isExperimental: false,
    isNova: v.containerTag.startsWith('sm_project_'),
    documentCount: v.documentCount,
    memoryCount: v.memoryCount,
    lastActivityAt: v.lastActivityAt,
  };
}

/**
 * Container tags as spaces (shapes per the reference's container-tag endpoints), root keys only. `list` and `merge`
 * are registered before `{tag}`, so a tag literally named "list" cannot be read with GET, as in the reference.
 */
const byTag = { tag: ContainerTag.describe('Container tag') };

export const CONTAINER_TAG_ROUTES = {
  list: defineRoute({
    method: 'get',
    path: '/v3/container-tags/list',
    tag: 'container-tags',
    auth: 'root',
    summary: 'Container tags with document and memory counts and last activity',
    query: ListContainerTagsQuery,
    responses: ok(z.array(ContainerTagListItem)),
  }),
  merge: defineRoute({
    method: 'post',
    path: '/v3/container-tags/merge',
    tag: 'container-tags',
    auth: 'root',
    summary: 'Move the documents and memories of container tags into a target tag',
    body: MergeContainerTagsBody,
    responses: ok(ContainerTagMergeResponse),
  }),
  get: defineRoute({ method: 'get', path: '/v3/container-tags/{tag}', tag: 'container-tags', auth: 'root', summary: 'One container tag (space)', params: byTag, responses: ok(ContainerTagResponse) }),
  profile: defineRoute({
    method: 'get',
    path: '/v3/container-tags/{tag}/profile',
    tag: 'container-tags',
    auth: 'key',
    summary: 'Profile of a container tag (static and dynamic facts)',
    params: byTag,
    responses: ok(z.strictObject({ profile: Profile })),
  }),
  update: defineRoute({
    method: 'patch',
    path: '/v3/container-tags/{tag}',
    tag: 'container-tags',
    auth: 'root',
    summary: 'Create or update a space (name, entityContext)',
    params: byTag,
    body: UpdateContainerTagBody,
    bodyOptional: true,
    responses: ok(ContainerTagUpdateResponse),
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/v3/container-tags/{tag}',
    tag: 'container-tags',
    auth: 'root',
    summary: 'Delete a tag: its documents and memories go, those that carry another tag stay',
    params: byTag,
    responses: ok(ContainerTagDeleteResponse),
  }),
};

export function registerContainerTagRoutes(router: Router<AppState>, { containerTags }: { containerTags: ContainerTagService }): void {
  const R = CONTAINER_TAG_ROUTES;
  mount(router, R.list, async (ctx, input) => {
    const q = input.query();
    ctx.body = (await containerTags.list(ctx.state.actor, q.containerTags)).map(listItem);
  });

  mount(router, R.merge, async (ctx, input) => {
    const b = input.body();
    ctx.body = { success: true, ...(await containerTags.merge(ctx.state.actor, b.containerTags, b.targetContainerTag)) };
  });

  mount(router, R.get, async (ctx, input) => {
    const v = await containerTags.get(ctx.state.actor, input.param('tag'));
    ctx.body = {
      containerTag: v.containerTag,
      name: v.name,
      entityContext: v.entityContext,
      createdAt: v.createdAt,
      updatedAt: v.updatedAt,
      documentCount: v.documentCount,
      memoryCount: v.memoryCount,
      lastActivityAt: v.lastActivityAt,
    };
  });

  mount(router, R.profile, async (ctx, input) => {
    const tag = input.param('tag');
    ctx.body = { profile: await containerTags.profile(ctx.state.actor, tag) };
  });

  mount(router, R.update, async (ctx, input) => {
    const tag = input.param('tag');
    const b = input.body();
    const updated = await containerTags.update(ctx.state.actor, tag, {
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.entityContext !== undefined ? { entityContext: b.entityContext } : {}),
    });
    ctx.body = { ...updated, memoryFilesystemPaths: null };
  });

  mount(router, R.delete, async (ctx, input) => {
    const tag = input.param('tag');
    ctx.body = { success: true, containerTag: tag, ...(await containerTags.delete(ctx.state.actor, tag)) };
  });
}
