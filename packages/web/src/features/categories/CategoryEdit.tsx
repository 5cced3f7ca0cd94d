/** The category editor: Name (required), Description, Hidden, and a QR Code tab. */
import { type Category, CategoryInput, categoryQrPayload } from '@sightline/shared';
import { type EditorTab, type EditorTabProps, ResourceEditor } from '../../components';
import { QrCode } from '../../components/QrCode';
import { CATEGORY_LABELS } from './field-labels';
import { CATEGORY_RESOURCE } from './permissions';

type CategoryForm = { _id?: string; name: string; description: string; hidden: boolean };

const DEFAULTS: CategoryForm = { name: '', description: '', hidden: false };

function CategoryQr({ ctx }: EditorTabProps<CategoryForm>) {
  // The saved record's code, as GET categories/{id}/qrcode draws it; unsaved edits do not change it.
  const id = ctx.record?._id;
  const name = (ctx.record?.name ?? '').trim();
  return (
    <QrCode
      value={id && name ? categoryQrPayload({ _id: id, name }) : ''}
      fileName={`category-${name || id}`}
      caption="Scan this code in the mobile app to tag a photo or thing with this category."
      emptyText="Save the category first: its code carries the saved record's id and name."
    />
  );
}

const TABS: EditorTab<CategoryForm>[] = [
  {
    label: 'Basic',
    fields: [
      { type: 'text', name: 'name', label: CATEGORY_LABELS.name, required: true, autoComplete: 'off' },
      {
        type: 'checkbox',
        name: 'hidden',
        label: CATEGORY_LABELS.hidden,
        helperText: 'Hidden categories are left out of pickers but kept on records.',
      },
      { type: 'text', name: 'description', label: CATEGORY_LABELS.description, multiline: true },
    ],
  },
  { label: 'QR Code', component: CategoryQr },
];

export default function CategoryEdit() {
  return (
    <ResourceEditor<CategoryForm>
      resource="categories"
      entityName="category"
      tabs={TABS}
      defaults={DEFAULTS}
      schema={CategoryInput}
      permissions={{ resource: CATEGORY_RESOURCE }}
      fromRecord={(record) => ({ ...DEFAULTS, ...(record as unknown as Category) })}
      toBody={(v) => ({ name: v.name.trim(), description: v.description ?? '', hidden: Boolean(v.hidden) })}
    />
  );
}
