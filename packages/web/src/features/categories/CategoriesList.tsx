/** The categories list (one collection for things and photos): name, description, hidden. */
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { Chip } from '@mui/material';
import type { Category } from '@sightline/shared';
import { ResourceList } from '../../components';
import { CATEGORY_RESOURCE } from './permissions';

export default function CategoriesList() {
  return (
    <ResourceList<Category>
      resource="categories"
      title="Categories"
      entityName="category"
      editPath="categories"
      addLabel="Add category"
      permissions={{ resource: CATEGORY_RESOURCE }}
      emptyIcon={<CategoryOutlined />}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        { field: 'description', label: 'Description', sortable: true, hideBelow: 'sm' },
        {
          field: 'hidden',
          label: 'Hidden',
          cardLabel: true,
          sortable: true,
          render: (c) =>
            c.hidden ? (
              <Chip size="small" variant="outlined" icon={<VisibilityOffOutlined />} label="Hidden" />
            ) : (
              'No'
            ),
        },
      ]}
    />
  );
}
