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
import Insights from '@mui/icons-material/Insights';
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
import Summarize from '@mui/icons-material/Summarize';
import type { SvgIconComponent } from '@mui/icons-material';
import Article from '@mui/icons-material/Article';

/** The icons the server's features name (schema/features.ts); anything else shows a page icon. */
const ICONS: Record<string, SvgIconComponent> = {
  AccountBalance, AccountBalanceWallet, AdminPanelSettings, Assessment, AssignmentInd, AttachMoney, Badge, Business,
  CalendarMonth, CreditCard, Dashboard, DateRange, DirectionsCar, Event, Gavel, Grading, Handshake, Insights,
  LocalShipping, Payments, People, Percent, PersonOff, ReceiptLong, ReportProblem, RequestQuote, Settings, Store, Summarize,
};

export const featureIcon = (name: string): SvgIconComponent => ICONS[name] ?? Article;
