import { styled } from '@mui/material/styles';
import { Component, type ErrorInfo, type ReactNode, Suspense } from 'react';
import { useTranslate } from 'ra-core';
import { Error as ErrorPage, Loading } from 'react-admin';
import { TOP_BAR_HEIGHT } from '../../ui/shellSizes';
import { InTransition } from './InTransition';

/**
 * The page frame around every signed-in screen: what react-admin's <Layout> gives (skip link, top bar, sidebar, the
 * screen in an error boundary and a Suspense), without its preferences Inspector. We never open that Inspector, and
 * it measures document.body on every render of the layout: a forced reflow, four times while the first screen
 * loads. The top bar and the side panel come as elements made once by the caller (AppLayout), so the renders
 * react-admin makes of the layout at start do not reach them.
 * The class names are react-admin's (RaLayout-…), so its theme overrides and our sx still apply.
 */
const Root = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  position: 'relative',
  zIndex: 1,
  minHeight: '100vh',
  width: '100%',
  minWidth: 'fit-content',
  backgroundColor: theme.palette.background.default,
  // Room for the fixed top bar: 64 high (docs/product/shell.md#shell), 56 on a phone.
  '& .RaLayout-appFrame': {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: TOP_BAR_HEIGHT,
    [theme.breakpoints.down('sm')]: { marginTop: 56 },
  },
  '& .RaLayout-contentWithSidebar': {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
  '& .RaLayout-content': {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    zIndex: 2,
    paddingLeft: theme.spacing(1),
    paddingRight: theme.spacing(1),
    backgroundColor: theme.palette.background.default,
  },
}));

interface BoundaryState {
  error: Error | null;
  info?: ErrorInfo;
}

/** A screen that throws while rendering shows react-admin's error page (with its "back" button) in the frame. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ error, info });
  }
  render() {
    const { error, info } = this.state;
    if (!error) return this.props.children;
    return (
      <ErrorPage
        error={error}
        errorInfo={info}
        resetErrorBoundary={() => this.setState({ error: null, info: undefined })}
      />
    );
  }
}

/**
 * The first stop of the keyboard: moves the focus to the screen, past the top bar and the sidebar. A plain link in
 * the shared .skip-link style (react-admin's SkipNavigationButton brings its Button and a MUI Tooltip with it).
 */
function SkipToContent() {
  const translate = useTranslate();
  return (
    <a
      href="#main-content"
      className="skip-link"
      onClick={(event) => {
        // Focus without a hash in the address (the router would take it for a new page).
        event.preventDefault();
        const content = document.getElementById('main-content');
        if (!content) return;
        // The next Tab lands on the screen's first control (as react-admin's button did), without a ring round it all.
        content.tabIndex = -1;
        content.focus();
        content.blur();
        content.removeAttribute('tabindex');
      }}
    >
      {translate('ra.navigation.skip_nav')}
    </a>
  );
}

export function Frame({
  topBar,
  sidePanel,
  className,
  children,
}: {
  topBar: ReactNode;
  sidePanel: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Root className={['layout', className].filter(Boolean).join(' ')}>
      <SkipToContent />
      <div className="RaLayout-appFrame">
        {topBar}
        <main className="RaLayout-contentWithSidebar">
          {sidePanel}
          <div id="main-content" className="RaLayout-content">
            <ScreenErrorBoundary>
              <Suspense fallback={<Loading />}>
                <InTransition>{children}</InTransition>
              </Suspense>
            </ScreenErrorBoundary>
          </div>
        </main>
      </div>
    </Root>
  );
}
