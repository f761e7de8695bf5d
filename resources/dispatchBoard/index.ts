import ViewKanban from '@mui/icons-material/ViewKanban';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { dispatchBoardResource } from './api';

/** The dispatch board (/app/kanban): book orders by status, moved and assigned live for everyone at once. */
export default resourceProps(
  dispatchBoardResource,
  { list: lazyScreen(() => import('./DispatchBoard')) },
  { icon: ViewKanban, label: 'haulboard.dispatch_board.title' },
);
