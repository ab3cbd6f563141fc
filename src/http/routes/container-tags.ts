import type Router from '@koa/router';
import type { ContainerTagService, ContainerTagView } from '../../services/container-tags.js';
import type { AppState } from '../context.js';
import { ContainerTag } from '../schemas/common.js';
import { ListContainerTagsQuery, MergeContainerTagsBody, UpdateContainerTagBody } from '../schemas/container-tags.js';
import { parse } from '../validate.js';

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
export function registerContainerTagRoutes(router: Router<AppState>, { containerTags }: { containerTags: ContainerTagService }): void {
  router.get('/v3/container-tags/list', async (ctx) => {
    const q = parse(ListContainerTagsQuery, ctx.query, 'query');
    ctx.body = (await containerTags.list(ctx.state.actor, q.containerTags)).map(listItem);
  });

  router.post('/v3/container-tags/merge', async (ctx) => {
    const b = parse(MergeContainerTagsBody, ctx.state.body);
    ctx.body = { success: true, ...(await containerTags.merge(ctx.state.actor, b.containerTags, b.targetContainerTag)) };
  });

  router.get('/v3/container-tags/:tag', async (ctx) => {
    const v = await containerTags.get(ctx.state.actor, parse(ContainerTag, ctx.params.tag, 'path.tag'));
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

  router.get('/v3/container-tags/:tag/profile', async (ctx) => {
    const tag = parse(ContainerTag, ctx.params.tag, 'path.tag');
    ctx.body = { profile: await containerTags.profile(ctx.state.actor, tag) };
  });

  router.patch('/v3/container-tags/:tag', async (ctx) => {
    const tag = parse(ContainerTag, ctx.params.tag, 'path.tag');
    const b = parse(UpdateContainerTagBody, ctx.state.body ?? {});
    const updated = await containerTags.update(ctx.state.actor, tag, {
      ...(b.name !== undefined ? { name: b.name } : {}),
      ...(b.entityContext !== undefined ? { entityContext: b.entityContext } : {}),
    });
    ctx.body = { ...updated, memoryFilesystemPaths: null };
  });

  router.delete('/v3/container-tags/:tag', async (ctx) => {
    const tag = parse(ContainerTag, ctx.params.tag, 'path.tag');
    ctx.body = { success: true, containerTag: tag, ...(await containerTags.delete(ctx.state.actor, tag)) };
  });
}
