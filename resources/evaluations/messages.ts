import { addScreenMessages } from '../../ui/screenMessages';

/** The words of this screen (haulboard.evaluations.*), loaded with its code rather than with the app's first download. */
export const evaluationsMessages = {
  haulboard: {
    evaluations: {
      evaluate: 'Evaluate…',
      all: 'All evaluations',
      entered: 'Entered by %{name} on %{date}.',
      not_yours: 'Only %{name} or an administrator can change it.',
    },
  },
};
addScreenMessages(evaluationsMessages);
