/**
 * The editor's data and rules: load, permissions, read-only, validation, save and delete, and the
 * guard on leaving with unsaved edits.
 */
import { MSG } from '@sightline/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type DefaultValues, type FieldErrors, type Path, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { errorData } from '../../api/client';
import { serverIssues } from '../../api/field-errors';
import { isNewId, recordId, useDelete, useRecord, useSave } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { useSiteNavigate } from '../../navigation/site-links';
import { useNotify } from '../notify';
import { useUnsavedChanges } from '../UnsavedChangesDialog';
import { editorResolver, type ResolverSource } from './resolver';
import type { EditorContext, ResourceEditorProps, Values } from './types';
import { type Problem, validateEditor } from './validate';

export function useEditor<V extends Values>(props: ResourceEditorProps<V>) {
  const params = useParams();
  const id = props.id ?? params.id;
  const isNew = id !== '' && isNewId(id);
  const session = useSession();
  const notify = useNotify();
  const navigate = useSiteNavigate();
  const listPath = props.listPath ?? props.resource;

  const remove = useDelete(props.resource);
  // A deleted record is never asked for again (it could only answer 404).
  const query = useRecord<V>(props.resource, id, { query: props.query, enabled: !remove.isSuccess });
  const record = query.data;
  // Screens may pass new `defaults`/`fromRecord` objects every render; only a new record resets the form.
  const latest = useRef(props);
  latest.current = props;
  const initial = useMemo(() => {
    const { defaults, fromRecord } = latest.current;
    return record ? (fromRecord?.(record) ?? { ...defaults, ...record }) : defaults;
  }, [record]);
  // The resolver reads the screen's current declarations and record through this ref.
  const source = useRef<ResolverSource<V>>({ tabs: props.tabs, ctx: { record, isNew, readOnly: false } });
  const problems = useRef<Problem[]>([]);
  const [resolver] = useState(() =>
    editorResolver<V>(
      () => source.current,
      (found) => {
        problems.current = found;
      },
    ),
  );
  const form = useForm<V>({ defaultValues: initial as DefaultValues<V>, resolver });
  // A refetch of the same record (a save elsewhere, a live update such as a reader's heartbeat)
  // leaves a form the user has changed exactly as it is: merging would drop a list row just added
  // and not yet typed in (react-hook-form keeps only the fields it marked dirty). An untouched form
  // takes the new values; another record replaces everything.
  const shownId = useRef<string | undefined>(undefined);
  useEffect(() => {
    const nextId = record ? recordId(record) : undefined;
    const sameRecord = nextId !== undefined && nextId === shownId.current;
    shownId.current = nextId;
    if (sameRecord && form.formState.isDirty) return;
    form.reset(initial as DefaultValues<V>);
  }, [initial, record, form]);

  const rule = props.permissions?.resource ?? props.resource;
  const canCreate = props.permissions?.create ?? session.can(rule, 'create');
  const canModify = props.permissions?.modify ?? session.can(rule, 'modify');
  const canDeleteRule = props.permissions?.delete ?? (session.can(rule, 'delete') && canModify);
  const readOnly = props.readOnly?.({ record, isNew }) ?? (!isNew && !canModify);
  const values = useWatch({ control: form.control }) as V;
  const ctx: EditorContext<V> = { values: { ...initial, ...values }, record, isNew, readOnly };
  source.current = {
    tabs: props.tabs,
    ctx: { record, isNew, readOnly },
    schema: typeof props.schema === 'function' ? props.schema({ record, isNew, readOnly }) : props.schema,
    toBody: props.toBody as ResolverSource<V>['toBody'],
  };

  const save = useSave<unknown>(props.resource);
  const [tab, setTab] = useState(0);

  const canSave = isNew ? canCreate : canModify && !readOnly;
  // Set while the editor itself moves on (after a save or a delete): that is no leaving with edits.
  const leaving = useRef(false);
  const dirty = canSave && form.formState.isDirty;
  const unsaved = useUnsavedChanges(dirty, leaving);

  const showProblems = (found: Problem[]) => {
    const [first] = found;
    if (!first) return;
    setTab(first.tabIndex);
    notify.error(props.messages?.incomplete ?? first.message);
    // The first field in error takes the focus once its tab is shown.
    setTimeout(() => {
      try {
        form.setFocus(first.path as Path<V>);
      } catch {
        // A field without a focusable input (a group, a custom control) keeps the focus where it was.
      }
    });
  };

  const onInvalid = (_errors: FieldErrors<V>) => showProblems(problems.current);

  /** Saves valid values; true when the server took them. A failure keeps every edit. */
  async function saveValues(submitted: V, then: 'afterSave' | 'none'): Promise<boolean> {
    const current = { ...ctx, values: submitted };
    const body = props.toBody ? props.toBody(submitted, current) : submitted;
    let saved: unknown;
    try {
      saved = await save.mutateAsync({
        id: isNew || props.saveMethod === 'POST' ? undefined : id,
        body,
        query: { ...props.query, ...props.saveQuery?.(submitted, current) },
      });
    } catch (error) {
      const onFields = validateEditor(
        props.tabs,
        current,
        serverIssues(error).filter((i) => i.path),
      );
      for (const p of onFields) form.setError(p.path as Path<V>, { type: 'server', message: p.fieldMessage });
      if (onFields[0]) setTab(onFields[0].tabIndex);
      notify.error(props.messages?.saveFailed?.(error) ?? MSG.saveFailed(errorData(error)));
      return false;
    }
    notify.success(
      props.messages?.saved?.(submitted) ??
        MSG.savedName(props.nameOf?.(submitted) ?? String(submitted.name ?? props.entityName)),
    );
    // What was saved is the form's new starting point: nothing is unsaved any more.
    form.reset(submitted as DefaultValues<V>, { keepErrors: false });
    // The unsaved-changes dialog's blocked navigation goes on by itself.
    if (then === 'none') return true;
    leaving.current = true;
    try {
      await afterSave(saved, submitted);
    } finally {
      leaving.current = false;
    }
    return true;
  }

  const submit = form.handleSubmit(async (submitted) => {
    await saveValues(submitted as V, 'afterSave');
  }, onInvalid);

  /** The unsaved-changes dialog's Save: validate and save, then the blocked navigation goes on. */
  const saveBeforeLeaving = () =>
    new Promise<boolean>((resolve) => {
      form.handleSubmit(
        async (submitted) => resolve(await saveValues(submitted as V, 'none')),
        (errors) => {
          onInvalid(errors);
          resolve(false);
        },
      )();
    });

  async function afterSave(saved: unknown, submitted: V) {
    const after = props.afterSave ?? 'list';
    if (typeof after === 'function') return after(saved, submitted);
    if (after === 'list') return navigate(listPath);
    const newId = recordId(saved);
    if (isNew && newId) navigate(`${listPath}/${newId}`, { replace: true });
    else if (saved && typeof saved === 'object')
      form.reset((props.fromRecord?.(saved as V) ?? { ...props.defaults, ...saved }) as DefaultValues<V>);
  }

  const deleteRecord = async () => {
    if (!id) return;
    try {
      await remove.mutateAsync(id);
      leaving.current = true;
      notify.success(MSG.deletedName(deletedName(record, props.entityName)));
      navigate(listPath);
    } catch (error) {
      notify.error(props.messages?.deleteFailed?.(error) ?? MSG.deleteFailed(errorData(error)));
      throw error;
    }
  };

  const loadError = remove.isSuccess ? null : query.error;
  return {
    id,
    isNew,
    loadError,
    form,
    ctx,
    query,
    tab,
    setTab,
    submit,
    saving: save.isPending,
    deleting: remove.isPending,
    deleteRecord,
    listPath,
    canCreate,
    canModify,
    canSave,
    unsaved,
    saveBeforeLeaving,
    canDelete: !isNew && id !== '' && canDeleteRule,
  };
}

/** The name in 'Deleted {name}': the record's name, else the entity ('Deleted zone'). */
function deletedName(record: unknown, entityName: string): string {
  const name = (record as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name ? name : entityName;
}
