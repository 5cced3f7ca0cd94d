/**
 * A record that could not be loaded, said once (no error bar as well). A missing record (404:
 * deleted, or never there) offers the way back to the list; only a failure that asking again may
 * mend (network, 5xx) offers Try again. A refusal (403) is the no-access page.
 */
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { Button, Paper } from '@mui/material';
import { MSG } from '@sightline/shared';
import { errorData } from '../../api/client';
import { useSiteNavigate } from '../../navigation/site-links';
import { EmptyState } from '../EmptyState';
import { NoAccess } from '../NoAccess';
import { PageHeader } from '../PageHeader';
import { loadFailureKind } from './load-failure';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function LoadFailure(props: {
  error: unknown;
  entityName: string;
  /** The page title while the record's own name is unknown; default the entity ('Zone'). */
  title?: string;
  listPath: string;
  /** The way back's text; default 'Back to the list'. */
  listLabel?: string;
  onRetry: () => void;
}) {
  const navigate = useSiteNavigate();
  const kind = loadFailureKind(props.error);
  if (kind === 'forbidden') return <NoAccess />;
  const missing = kind === 'missing';
  const title = missing
    ? `This ${props.entityName} does not exist`
    : MSG.failedToLoad(props.entityName, errorData(props.error));
  const description = missing ? 'It may have been deleted, or the link is out of date.' : undefined;
  return (
    <>
      <PageHeader
        title={missing ? capitalized(props.entityName) : (props.title ?? capitalized(props.entityName))}
        backTo={props.listPath}
      />
      <Paper variant="outlined">
        <EmptyState
          icon={<ErrorOutlineRounded />}
          tone="error"
          title={title}
          description={description}
          action={
            kind === 'retry' ? (
              <Button variant="contained" onClick={props.onRetry}>
                Try again
              </Button>
            ) : (
              <Button variant="contained" onClick={() => navigate(props.listPath)}>
                {props.listLabel ?? 'Back to the list'}
              </Button>
            )
          }
        />
      </Paper>
    </>
  );
}
