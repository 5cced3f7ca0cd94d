/**
 * Linking and unlinking things: linking a child adds this thing's id to the child's
 * parents and saves the child; linking a parent adds its id to this thing's parents; unlinking
 * removes the id. Each reads the records fresh first, so a link changed elsewhere in the meantime
 * gives one of the fixed MSG refusal texts instead of overwriting it.
 */
import { MSG, type Thing } from '@sightline/shared';
import { ApiError, api, errorData } from '../../../api/client';
import { thingBody, withoutParent, withParent } from '../thing-form';

/** A refusal whose message is one of the fixed MSG texts, shown as is. */
export class LinkRefused extends Error {}

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The thing, or `undefined` when it no longer exists. */
async function load(id: string): Promise<Thing | undefined> {
  try {
    return await api.get<Thing>(`things/${id}`);
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

/** The thing for a link; any failure to read it is 'Error getting item: …' (a fixed text). */
async function loadForLink(id: string): Promise<Thing> {
  try {
    return await api.get<Thing>(`things/${id}`);
  } catch (error) {
    throw new LinkRefused(MSG.errorGettingItem(errorData(error)));
  }
}

const saveParents = (thing: Thing, parents: string[]) =>
  api.put<Thing>(`things/${thing._id}`, thingBody(thing, { parents, photo: thing.photo }));

/** Makes `childId` a child of `parentId`; answers the success text. */
export async function linkChild(parentId: string, childId: string): Promise<string> {
  const child = await loadForLink(childId);
  if (child.parents.includes(parentId)) throw new LinkRefused(MSG.parentExists);
  await saveParents(child, withParent(child.parents, parentId));
  return MSG.savedName(child.name);
}

/** Makes `parentId` a parent of `thingId`. */
export async function linkParent(thingId: string, parentId: string): Promise<string> {
  const thing = await loadForLink(thingId);
  if (thing.parents.includes(parentId)) throw new LinkRefused(MSG.parentExists);
  if (!(await load(parentId))) throw new LinkRefused(MSG.parentGone);
  await saveParents(thing, withParent(thing.parents, parentId));
  return MSG.savedName(thing.name);
}

/** Removes `parentId` (this thing) from the child's parents. */
export async function unlinkChild(parentId: string, childId: string): Promise<string> {
  if (!(await load(parentId))) throw new LinkRefused(MSG.parentMissing);
  const child = await load(childId);
  if (!child?.parents.includes(parentId)) throw new LinkRefused(MSG.childAlreadyDisconnected);
  await saveParents(child, withoutParent(child.parents, parentId));
  return MSG.childUnlinked;
}

/** Removes `parentId` from this thing's parents. */
export async function unlinkParent(thingId: string, parentId: string): Promise<string> {
  if (!(await load(parentId))) throw new LinkRefused(MSG.parentGone);
  const thing = await load(thingId);
  if (!thing) throw new LinkRefused(MSG.parentMissing);
  if (!thing.parents.includes(parentId)) throw new LinkRefused(MSG.parentAlreadyDisconnected);
  await saveParents(thing, withoutParent(thing.parents, parentId));
  return MSG.parentUnlinked;
}
