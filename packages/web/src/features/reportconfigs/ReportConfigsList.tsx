/** The report configs of the selected site: name, type, format, email. */
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { REPORT_FORMAT_LABELS, REPORT_TYPE_LABELS, type ReportConfig } from '@sightline/shared';
import { ResourceList } from '../../components';

export default function ReportConfigsList() {
  return (
    <ResourceList<ReportConfig>
      resource="reportconfigs"
      title="Report Configuration"
      entityName="report config"
      editPath="reportconfigs"
      addLabel="Add report"
      siteScoped
      emptyIcon={<AssessmentOutlined />}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        { field: 'type', label: 'Type', sortable: true, render: (c) => REPORT_TYPE_LABELS[c.type] },
        {
          field: 'format',
          label: 'Format',
          sortable: true,
          render: (c) => REPORT_FORMAT_LABELS[c.format],
          hideBelow: 'sm',
        },
        {
          field: 'email',
          label: 'Email',
          sortable: true,
          render: (c) => (c.email ? 'Yes' : 'No'),
          hideBelow: 'sm',
        },
      ]}
    />
  );
}
