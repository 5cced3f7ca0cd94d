/**
 * The generic editor: it loads the record, shows tabs of declared fields, offers Save and Delete by
 * permission, is read-only without modify rights (except new records), shows the shared validation
 * messages (MSG in @sightline/shared) and the error-bar texts of failed calls, and goes back to the
 * list after save or delete unless the screen says otherwise. Leaving with unsaved edits asks
 * Discard or Save.
 */
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Paper, Skeleton, Tab, Tabs } from '@mui/material';
import { MSG } from '@sightline/shared';
import { useId, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { ConfirmDialog } from '../ConfirmDialog';
import { NoAccess } from '../NoAccess';
import { PageHeader } from '../PageHeader';
import { UnsavedChangesDialog } from '../UnsavedChangesDialog';
import { FieldGrid } from './fields/FieldGrid';
import { FieldRenderer } from './fields/FieldRenderer';
import { LoadFailure } from './LoadFailure';
import { TabArrow } from './TabArrow';
import type { EditorContext, EditorField, ResourceEditorProps, Values } from './types';
import { useEditor } from './useEditor';
import { useSelectedTabInView } from './useSelectedTabInView';

export function ResourceEditor<V extends Values>(props: ResourceEditorProps<V>) {
  const editor = useEditor(props);
  const [confirming, setConfirming] = useState(false);
  const tabsId = useId();
  const keepSelectedTabInView = useSelectedTabInView();
  const { ctx, form, query } = editor;
  const title =
    typeof props.title === 'function'
      ? props.title(ctx)
      : (props.title ?? recordTitle(props.entityName, ctx));
  const tabs = props.tabs.filter((t) => !t.hidden?.(ctx));
  const activeTab = Math.min(editor.tab, tabs.length - 1);
  const back = props.showBack === false ? undefined : editor.listPath;
  // A tab of other records (its own saves) offers nothing the editor's Save would save.
  const ownRecord = tabs[activeTab]?.ownRecord === true;
  const showSave = editor.canSave && !ownRecord;

  // A new record the user may not create: no form at all (a refused record: LoadFailure).
  if (editor.isNew && !editor.canCreate) return <NoAccess />;
  if (editor.loadError) {
    return (
      <LoadFailure
        error={editor.loadError}
        entityName={props.entityName}
        title={title}
        listPath={editor.listPath}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const loading = !editor.isNew && query.isPending;
  const actions = (
    <>
      {!loading && props.actions?.({ ...ctx, form, canModify: editor.canModify })}
      {editor.canDelete && !loading && (
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteOutlineRounded />}
          onClick={() => setConfirming(true)}
        >
          Delete
        </Button>
      )}
      {showSave && (
        <Button type="submit" variant="contained" disabled={loading || editor.saving}>
          {editor.saving ? 'Saving…' : 'Save'}
        </Button>
      )}
    </>
  );

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={editor.submit} sx={{ maxWidth: 960 }}>
        <PageHeader title={title} subtitle={props.subtitle} backTo={back} actions={actions} />
        {ctx.readOnly && !loading && !ownRecord && (
          <Alert severity="info" icon={<LockOutlined fontSize="small" />} sx={{ mb: 2 }}>
            You can view {props.readOnlyNoun ?? `this ${props.entityName}`} but not change it.
          </Alert>
        )}
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {tabs.length > 1 && (
            <Tabs
              ref={keepSelectedTabInView}
              value={activeTab}
              onChange={(_, i: number) => editor.setTab(i)}
              variant="scrollable"
              allowScrollButtonsMobile
              slots={{ scrollButtons: TabArrow }}
              aria-label={`${props.entityName} sections`}
              sx={{
                px: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
                // A spent scroll arrow stays faintly visible rather than leaving a blank gap.
                '& .MuiTabs-scrollButtons.Mui-disabled': { opacity: 0.3 },
              }}
            >
              {tabs.map((t, i) => (
                <Tab
                  key={t.label}
                  label={t.label}
                  id={`${tabsId}-tab-${i}`}
                  aria-controls={`${tabsId}-panel-${i}`}
                />
              ))}
            </Tabs>
          )}
          {tabs.map((t, i) => (
            <Box
              key={t.label}
              role={tabs.length > 1 ? 'tabpanel' : undefined}
              id={`${tabsId}-panel-${i}`}
              aria-labelledby={tabs.length > 1 ? `${tabsId}-tab-${i}` : undefined}
              hidden={i !== activeTab}
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              {loading ? <FieldsSkeleton /> : <TabBody tab={t} ctx={ctx} form={form} />}
            </Box>
          ))}
        </Paper>
        {/* Enter in a field submits only where Save is shown: the form's first submit, disabled
            and hidden otherwise, makes Enter do nothing (HTML implicit submission). */}
        {!showSave && <button type="submit" hidden disabled aria-hidden />}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={props.deleteDialog?.title}
        message={props.deleteDialog?.message ?? MSG.deleteConfirm(props.entityName)}
        confirmLabel={props.deleteDialog?.confirmLabel}
        busy={editor.deleting}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          editor.deleteRecord().then(
            () => setConfirming(false),
            () => setConfirming(false),
          )
        }
      />
      <UnsavedChangesDialog
        blocker={editor.unsaved}
        message={`This ${props.entityName} has changes that are not saved.`}
        onSave={editor.saveBeforeLeaving}
      />
    </FormProvider>
  );
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function TabBody<V extends Values>({
  tab,
  ctx,
  form,
}: {
  tab: ResourceEditorProps<V>['tabs'][number];
  ctx: EditorContext<V>;
  form: ReturnType<typeof useEditor<V>>['form'];
}) {
  const Custom = tab.component;
  return (
    <>
      {tab.fields && tab.fields.length > 0 && (
        <FieldGrid>
          {tab.fields.map((field) => (
            <FieldRenderer
              key={field.name}
              field={field as unknown as EditorField}
              ctx={ctx as EditorContext}
            />
          ))}
        </FieldGrid>
      )}
      {Custom && (
        <Box sx={{ mt: tab.fields?.length ? 3 : 0 }}>
          <Custom ctx={ctx} form={form} />
        </Box>
      )}
    </>
  );
}

function FieldsSkeleton() {
  return (
    <FieldGrid>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={40} />
      ))}
    </FieldGrid>
  );
}

/** 'New endpoint' while creating, then the record's name ('Endpoint' if it has none). */
function recordTitle(entityName: string, ctx: { isNew: boolean; record: unknown }) {
  if (ctx.isNew) return `New ${entityName}`;
  const name = (ctx.record as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name ? name : capitalized(entityName);
}
