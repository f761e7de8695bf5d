import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { iftaResource } from './api';

/** IFTA (docs/product/ifta.md): a quarter's fuel-tax return, its rates, the fuel-card import, the close, the files. */
export default resourceProps(
  iftaResource,
  { list: lazyScreen(() => import('./IftaScreen')) },
  { label: 'haulboard.ifta.title' },
);
