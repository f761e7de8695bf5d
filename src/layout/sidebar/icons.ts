import AccountBalance from '@mui/icons-material/AccountBalance';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assessment from '@mui/icons-material/Assessment';
import AssignmentInd from '@mui/icons-material/AssignmentInd';
import AttachMoney from '@mui/icons-material/AttachMoney';
import Badge from '@mui/icons-material/Badge';
import Business from '@mui/icons-material/Business';
import CalendarMonth from '@mui/icons-material/CalendarMonth';
import CreditCard from '@mui/icons-material/CreditCard';
import Dashboard from '@mui/icons-material/Dashboard';
import DateRange from '@mui/icons-material/DateRange';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import Event from '@mui/icons-material/Event';
import Gavel from '@mui/icons-material/Gavel';
import Grading from '@mui/icons-material/Grading';
import Handshake from '@mui/icons-material/Handshake';
import History from '@mui/icons-material/History';
import Insights from '@mui/icons-material/Insights';
import LocalGasStation from '@mui/icons-material/LocalGasStation';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Payments from '@mui/icons-material/Payments';
import People from '@mui/icons-material/People';
import Percent from '@mui/icons-material/Percent';
import PersonOff from '@mui/icons-material/PersonOff';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import ReportProblem from '@mui/icons-material/ReportProblem';
import RequestQuote from '@mui/icons-material/RequestQuote';
import Settings from '@mui/icons-material/Settings';
import Store from '@mui/icons-material/Store';
import RvHookup from '@mui/icons-material/RvHookup';
import Summarize from '@mui/icons-material/Summarize';
import ViewKanban from '@mui/icons-material/ViewKanban';
import Forum from '@mui/icons-material/Forum';
import UploadFile from '@mui/icons-material/UploadFile';
import Webhook from '@mui/icons-material/Webhook';
import type { SvgIconComponent } from '@mui/icons-material';
import Article from '@mui/icons-material/Article';
import type { IconName } from '../../../schema/icons';

/**
 * The component of every icon a feature or resource may name (schema/icons.ts): a name without one does not
 * compile. A server speaking the same API may still name another: that shows a page icon.
 */
const ICONS: Record<IconName, SvgIconComponent> = {
  AccountBalance,
  AccountBalanceWallet,
  AdminPanelSettings,
  Assessment,
  AssignmentInd,
  AttachMoney,
  Badge,
  Business,
  CalendarMonth,
  CreditCard,
  Dashboard,
  DateRange,
  DirectionsCar,
  Event,
  Gavel,
  Grading,
  Handshake,
  History,
  Insights,
  LocalGasStation,
  LocalShipping,
  Payments,
  People,
  Percent,
  PersonOff,
  ReceiptLong,
  ReportProblem,
  RequestQuote,
  RvHookup,
  Settings,
  Store,
  Summarize,
  ViewKanban,
  Forum,
  UploadFile,
  Webhook,
};

export const featureIcon = (name: string): SvgIconComponent =>
  (ICONS as Record<string, SvgIconComponent>)[name] ?? Article;
