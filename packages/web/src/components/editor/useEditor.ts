/** The editor's data and rules: load, permissions, read-only, validation, save and delete. */
import { MSG } from '@sightline/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type DefaultValues, type Path, useForm, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import { errorData } from '../../api/client';
import { isNewId, recordId, useDelete, useRecord, useSave } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { useSiteNavigate } from '../../app/site-links';
import { useNotify } from '../notify';
import type { EditorContext, ResourceEditorProps, Values } from './types';
import { validateEditor } from './validate';

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
  const form = useForm<V>({ defaultValues: initial as DefaultValues<V> });
  // A refetch of the same record (a save elsewhere, a live update) keeps what the user is typing;
  // another record replaces everything.
  const shownId = useRef<string | undefined>(undefined);
  useEffect(() => {
    const nextId = record ? recordId(record) : undefined;
    const sameRecord = nextId !== undefined && nextId === shownId.current;
    shownId.current = nextId;
    form.reset(initial as DefaultValues<V>, { keepDirtyValues: sameRecord });
  }, [initial, record, form]);

  const rule = props.permissions?.resource ?? props.resource;
  const canCreate = props.permissions?.create ?? session.can(rule, 'create');
  const canModify = props.permissions?.modify ?? session.can(rule, 'modify');
  const canDeleteRule = props.permissions?.delete ?? (session.can(rule, 'delete') && canModify);
  const readOnly = props.readOnly?.({ record, isNew }) ?? (!isNew && !canModify);
  const values = useWatch({ control: form.control }) as V;
  const ctx: EditorContext<V> = { values: { ...initial, ...values }, record, isNew, readOnly };

  const save = useSave<unknown>(props.resource);
  const [tab, setTab] = useState(0);

  const submit = form.handleSubmit(async (submitted) => {
    const current = { ...ctx, values: submitted as V };
    const problems = validateEditor(props.tabs, current);
    form.clearErrors();
    if (problems.length) {
      for (const p of problems) form.setError(p.path as Path<V>, { type: 'manual', message: p.fieldMessage });
      const [first] = problems;
      if (first) {
        setTab(first.tabIndex);
        notify.error(props.messages?.incomplete ?? first.message);
      }
      return;
    }
    const body = props.toBody ? props.toBody(submitted as V, current) : submitted;
    try {
      const saved = await save.mutateAsync({
        id: isNew || props.saveMethod === 'POST' ? undefined : id,
        body,
        query: { ...props.query, ...props.saveQuery?.(submitted as V, current) },
      });
      notify.success(
        props.messages?.saved?.(submitted as V) ??
          MSG.savedName(props.nameOf?.(submitted as V) ?? String(submitted.name ?? props.entityName)),
      );
      await afterSave(saved, submitted as V);
    } catch (error) {
      notify.error(props.messages?.saveFailed?.(error) ?? MSG.saveFailed(errorData(error)));
    }
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
    canSave: isNew ? canCreate : canModify && !readOnly,
    canDelete: !isNew && id !== '' && canDeleteRule,
  };
}

/** The name in 'Deleted {name}': the record's name, else the entity ('Deleted zone'). */
function deletedName(record: unknown, entityName: string): string {
  const name = (record as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name ? name : entityName;
}
