import { addScreenMessages } from '../../ui/screenMessages';

/** The words of this screen (haulboard.dispatcher_salary.*), loaded with its code rather than with the app's first download. */
export const dispatcherSalaryMessages = {
  haulboard: {
    dispatcher_salary: {
      pay_rules: 'Pay rules',
      own_pay: 'You see your own pay only.',
      own_loads: 'You see the loads you hauled, per dispatcher who booked them. A dispatcher’s pay is theirs alone.',
    },
  },
};
addScreenMessages(dispatcherSalaryMessages);
