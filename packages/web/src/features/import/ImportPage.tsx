/**
 * Asset import: choose an .xlsx, map its headers to asset fields (saved per site by
 * name), pick a zone when the site requires one, preview what each row will do, then import in
 * batches with a status per row (IMPORT_ROW_STATUS) and '{n} of {total} items uploaded'.
 */
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  IMPORT_MSG,
  IMPORT_ROW_STATUS,
  type ImportPreview,
  type ImportSheet,
  matchingMapping,
} from '@sightline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorText } from '../../api/client';
import { sessionKeys } from '../../api/keys';
import { useSession } from '../../api/session-context';
import { PageHeader, useNotify } from '../../components';
import { lowerTitle } from '../../components/table/cell';
import { categoryKeys } from '../categories/keys';
import { thingKeys } from '../things/keys';
import { thingWords } from '../things/thing-labels';
import { useSiteZones } from '../zones/useZones';
import { ImportRowsTable } from './ImportRowsTable';
import { importRows, previewImport, saveMapping, uploadSheet } from './import-api';
import {
  batches,
  choiceFrom,
  importProblem,
  importRequest,
  isUploaded,
  type MappingChoice,
  uploadingStatus,
} from './import-form';
import { MappingTable } from './MappingTable';

const PENDING: string[] = [
  IMPORT_ROW_STATUS.waiting,
  IMPORT_ROW_STATUS.uploading,
  IMPORT_ROW_STATUS.duplicateDetected,
];
/** Rows whose batch has answered. */
const settled = (statuses: Map<number, string>) =>
  [...statuses.values()].filter((s) => !PENDING.includes(s)).length;

export default function ImportPage() {
  const session = useSession();
  const site = session.siteId ?? '';
  const { importSettings } = session.settings;
  const pluralNoun = lowerTitle(thingWords('item', session.settings).title);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const zones = useSiteZones(site);
  const fileInput = useRef<HTMLInputElement>(null);

  const [fileName, setFileName] = useState('');
  const [sheet, setSheet] = useState<ImportSheet>();
  const [choice, setChoice] = useState<MappingChoice>({});
  const [mappingName, setMappingName] = useState('');
  const [zone, setZone] = useState('');
  const [zoneTouched, setZoneTouched] = useState(false);
  const [preview, setPreview] = useState<ImportPreview>();
  const [statuses, setStatuses] = useState<Map<number, string>>(new Map());
  const [busy, setBusy] = useState<'' | 'reading' | 'preview' | 'import'>('');
  const [uploaded, setUploaded] = useState<number>();

  const resetRun = () => {
    setPreview(undefined);
    setStatuses(new Map());
    setUploaded(undefined);
  };

  async function chooseFile(file: File | undefined) {
    if (!file) return;
    if (!/\.xlsx$/i.test(file.name)) {
      notify.error(IMPORT_MSG.xlsxOnly);
      return;
    }
    setBusy('reading');
    resetRun();
    try {
      const read = await uploadSheet(site, file);
      const saved = matchingMapping(importSettings.importMappings, read.headers);
      setSheet(read);
      setFileName(file.name);
      setChoice(choiceFrom(read.headers, saved?.headerAssetFields));
      setMappingName(saved?.name ?? file.name.replace(/\.xlsx$/i, ''));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy('');
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  async function onSaveMapping() {
    if (!sheet) return;
    const problem = importProblem(choice, 'any', false);
    if (problem) return notify.error(problem);
    try {
      const request = importRequest(sheet.headers, choice, [], '');
      await saveMapping(site, { name: mappingName.trim() || fileName, headerAssetFields: request.mapping });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.settings(site) });
      notify.success(IMPORT_MSG.mappingSaved);
    } catch (error) {
      notify.error(errorText(error));
    }
  }

  function blocked(): boolean {
    const problem = importProblem(choice, zone, importSettings.requireZone);
    if (!problem) return false;
    setZoneTouched(true);
    notify.error(problem);
    return true;
  }

  async function onPreview() {
    if (!sheet || blocked()) return;
    setBusy('preview');
    resetRun();
    try {
      setPreview(await previewImport(site, importRequest(sheet.headers, choice, sheet.rows, zone)));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy('');
    }
  }

  async function onImport() {
    if (!sheet || !preview || blocked()) return;
    setBusy('import');
    const plans = new Map(preview.rows.map((p) => [p.line, p]));
    const current = new Map(sheet.rows.map((r) => [r.line, IMPORT_ROW_STATUS.waiting as string]));
    setStatuses(new Map(current));
    setUploaded(0);
    let done = 0;
    const createdCategories: string[] = [];
    try {
      for (const batch of batches(sheet.rows)) {
        for (const row of batch) current.set(row.line, uploadingStatus(plans.get(row.line)));
        setStatuses(new Map(current));
        const result = await importRows(site, importRequest(sheet.headers, choice, batch, zone));
        for (const row of result.rows) current.set(row.line, row.status);
        createdCategories.push(...result.createdCategories);
        done += result.rows.filter((r) => isUploaded(r.status)).length;
        setStatuses(new Map(current));
        setUploaded(done);
      }
      notify.success(IMPORT_MSG.uploaded(done, sheet.rows.length));
    } catch (error) {
      for (const [line, status] of current)
        if (status === IMPORT_ROW_STATUS.uploading || status === IMPORT_ROW_STATUS.duplicateDetected)
          current.set(line, errorText(error));
      setStatuses(new Map(current));
      notify.error(errorText(error));
    } finally {
      if (createdCategories.length) notify.success(IMPORT_MSG.createdCategory(createdCategories.join(', ')));
      await queryClient.invalidateQueries({ queryKey: thingKeys.all() });
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all() });
      setBusy('');
    }
  }

  const zoneError = importSettings.requireZone && zoneTouched && !zone;
  const total = sheet?.rows.length ?? 0;
  return (
    <Box component="section" aria-labelledby="import-title" id="import-screen">
      <PageHeader
        title={<span id="import-title">Import</span>}
        subtitle={session.site ? `Site: ${session.site.name}` : undefined}
      />
      <Stack spacing={2.5}>
        <Card variant="outlined">
          <CardContent>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
              <input
                ref={fileInput}
                type="file"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                hidden
                data-testid="import-file"
                onChange={(e) => void chooseFile(e.target.files?.[0])}
              />
              <Button
                variant="contained"
                startIcon={<UploadFileOutlined />}
                onClick={() => fileInput.current?.click()}
                disabled={busy !== ''}
              >
                Choose .xlsx file
              </Button>
              <Typography color="text.secondary">
                {sheet
                  ? `${fileName} — sheet ${sheet.sheet}, ${total} ${total === 1 ? 'row' : 'rows'}`
                  : 'Only xlsx files. The first row of the first sheet holds the headers.'}
              </Typography>
            </Stack>
            {busy === 'reading' && <LinearProgress sx={{ mt: 2 }} aria-label="Reading the file" />}
          </CardContent>
        </Card>

        {sheet && (
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                Map headers to asset fields
              </Typography>
              <MappingTable
                headers={sheet.headers}
                sample={sheet.rows[0]}
                choice={choice}
                disabled={busy !== ''}
                onChange={(next) => {
                  setChoice(next);
                  resetRun();
                }}
              />
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ mt: 2 }}
                alignItems={{ sm: 'flex-start' }}
              >
                <TextField
                  size="small"
                  label="Mapping name"
                  value={mappingName}
                  onChange={(e) => setMappingName(e.target.value)}
                  helperText="Saved for this site and offered again for sheets with these headers."
                  sx={{ width: { xs: '100%', sm: 360 } }}
                />
                <Button variant="outlined" onClick={() => void onSaveMapping()} disabled={busy !== ''}>
                  Save mapping
                </Button>
              </Stack>
            </CardContent>
          </Card>
        )}

        {sheet && (
          <Card variant="outlined">
            <CardContent>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
                <TextField
                  select
                  size="small"
                  label={importSettings.requireZone ? 'Zone' : 'Zone (optional)'}
                  required={importSettings.requireZone}
                  value={zone}
                  error={zoneError}
                  helperText={
                    zoneError ? IMPORT_MSG.selectZone : 'The zone the imported assets are placed in.'
                  }
                  onChange={(e) => {
                    setZone(e.target.value);
                    resetRun();
                  }}
                  sx={{ width: { xs: '100%', sm: 280 } }}
                  disabled={busy !== ''}
                >
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                  {zones.options.map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
                <Button variant="outlined" onClick={() => void onPreview()} disabled={busy !== ''}>
                  Preview
                </Button>
                <Button
                  variant="contained"
                  onClick={() => void onImport()}
                  disabled={busy !== '' || !preview || uploaded !== undefined}
                >
                  Import {total} {total === 1 ? 'row' : 'rows'}
                </Button>
              </Stack>
              {busy === 'preview' && <LinearProgress sx={{ mt: 2 }} aria-label="Preparing the preview" />}
              {preview && (
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ mt: 2, flexWrap: 'wrap' }}
                  aria-label="Preview summary"
                >
                  <Chip
                    variant="outlined"
                    sx={{ borderColor: 'success.main' }}
                    label={`${preview.counts.new} new`}
                  />
                  <Chip
                    variant="outlined"
                    sx={{ borderColor: 'info.main' }}
                    label={`${preview.counts.update} updates of existing ${pluralNoun}`}
                  />
                  <Chip
                    variant="outlined"
                    sx={{ borderColor: 'info.main' }}
                    label={`${preview.counts.duplicate} duplicates of earlier rows`}
                  />
                  <Chip
                    color={preview.counts.error ? 'error' : 'default'}
                    variant="outlined"
                    label={`${preview.counts.error} errors`}
                  />
                  {preview.newCategories.length > 0 && (
                    <Chip variant="outlined" label={`New categories: ${preview.newCategories.join(', ')}`} />
                  )}
                </Stack>
              )}
              {uploaded !== undefined && (
                <Box sx={{ mt: 2 }}>
                  <LinearProgress
                    variant="determinate"
                    value={total ? (100 * settled(statuses)) / total : 100}
                    aria-label="Import progress"
                  />
                  <Alert severity={busy === 'import' ? 'info' : 'success'} sx={{ mt: 1 }} role="status">
                    {IMPORT_MSG.uploaded(uploaded, total)}
                  </Alert>
                </Box>
              )}
            </CardContent>
          </Card>
        )}

        {sheet && preview && <ImportRowsTable preview={preview} statuses={statuses} />}
      </Stack>
    </Box>
  );
}
