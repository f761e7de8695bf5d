import { addScreenMessages } from '../../ui/screenMessages';

/** The words of the factoring companies' books (haulboard.factors.*), loaded with their code. */
export const factorMessages = {
  haulboard: {
    factors: {
      books_title: 'What the factors owe',
      books_intro: 'The reserve each factor holds on its funded schedules, less what it has released.',
      factor: 'Factoring company',
      scheduled: 'Scheduled',
      advanced: 'Advanced',
      fees: 'Fees',
      reserve: 'Reserve held',
      released: 'Released',
      owes: 'Owes us',
      total: 'Total',
      none: 'No factoring company yet.',
      this_books: 'Books with this factor',
      schedules: 'Its schedules',
      new_schedule: 'New schedule',
    },
  },
};

addScreenMessages(factorMessages);
