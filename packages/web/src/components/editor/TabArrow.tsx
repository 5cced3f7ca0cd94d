/**
 * An editor's tab scroll arrow with a tooltip saying where it scrolls: the arrow is an icon alone,
 * and every icon-only control names itself on hover. The arrow stays out of the tab order and the
 * accessibility tree (MUI's choice: the arrow keys move between tabs), so the tooltip describes it
 * rather than naming it.
 */
import { TabScrollButton, type TabScrollButtonProps, Tooltip } from '@mui/material';
import { forwardRef } from 'react';

const WHERE = { left: 'left', right: 'right' } as const;

export const TabArrow = forwardRef<HTMLButtonElement, TabScrollButtonProps>(function TabArrow(props, ref) {
  const where =
    props.orientation === 'vertical' ? (props.direction === 'left' ? 'up' : 'down') : WHERE[props.direction];
  return (
    <Tooltip title={`Scroll the tabs ${where}`} describeChild>
      <TabScrollButton ref={ref} {...props} />
    </Tooltip>
  );
});
