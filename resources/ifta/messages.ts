import { addScreenMessages } from '../../ui/screenMessages';

/** The words of the IFTA screen (haulboard.ifta.*); the title stays in src/i18n/en.ts. */
export const iftaMessages = {
  haulboard: {
    ifta: {
      title: 'IFTA',
      intro:
        'The quarterly fuel-tax return: the miles of the loads delivered in the quarter in each state, the diesel bought there on the fuel cards, and the tax at the rates you load for the quarter.',
      quarter: 'Quarter',
      open: 'Open',
      closed: 'Closed as filed',
      closed_by: '%{when} by %{who}',
      due: 'Due %{date}',
      total_miles: 'Total miles',
      total_gallons: 'Diesel gallons',
      mpg: 'Fleet MPG',
      net_tax: 'Net tax',
      credit: '%{amount} credit',
      loads: 'Loads',
      loads_text: '%{counted} delivered (%{trail} along the driver’s phone)',
      unknown: '—',
      return: 'Return by state',
      state: 'State',
      miles: 'Miles',
      taxable: 'Taxable gal.',
      paid: 'Tax-paid gal.',
      net: 'Net taxable gal.',
      rate: 'Rate',
      tax: 'Tax (credit)',
      no_rate: 'No rate',
      outside: 'Outside every state',
      total: 'Total',
      empty: 'No loads delivered and no fuel bought in this quarter.',
      flag_rates:
        'No rate loaded for %{states}: their tax is not computed, never guessed. Load the quarter’s rates before closing it.',
      flag_fuel: 'Miles without any diesel bought: the fleet’s miles per gallon is unknown. Import the fuel-card file.',
      flag_outside: '%{miles} miles of the routes run outside every state (a lake, the sea, Canada or Mexico).',
      flag_routes: '%{count} loads have a stop whose ZIP is unknown, so no miles: %{orders}',
      pdf: 'PDF',
      csv: 'CSV',
      close: 'Close quarter',
      close_title: 'Close %{quarter} as filed?',
      close_text:
        'The return is kept exactly as it is now: loads, fuel and rates entered later do not change it, and its rates can no longer be edited.',
      close_confirm: 'Close as filed',
      closed_done: '%{quarter} is closed as filed.',
      cancel: 'Cancel',
      rates: 'Rates for %{quarter}',
      rates_intro:
        'Dollars per gallon of diesel, as the IFTA rate matrix prints them (four decimals). A rate left empty is no rate.',
      rates_closed: 'The rates the return was filed with.',
      add_state: 'Add a state',
      upload_rates: 'Load from CSV',
      save_rates: 'Save rates',
      saving: 'Saving…',
      rates_saved: 'Rates saved.',
      rates_read:
        '%{smart_count} rate read from the file; check them and save |||| %{smart_count} rates read from the file; check them and save',
      line_problem: 'Line %{line}: %{message}',
      rate_of: 'Rate for %{state}',
      fuel: 'Fuel-card purchases',
      fuel_intro:
        'The card company’s transaction export as CSV (Card #, Tran Date, Invoice, State/ Prov, Item, Qty, Amt). A line already imported is counted, never added twice.',
      choose_fuel: 'Choose fuel-card file',
      reading: 'Reading the file',
      fuel_preview:
        '%{file}: %{lines} lines — %{ready} to add, %{duplicates} already imported, %{notFuel} not fuel, %{refused} refused.',
      import: 'Import %{smart_count} line |||| Import %{smart_count} lines',
      imported: '%{smart_count} fuel line added |||| %{smart_count} fuel lines added',
      imports: 'Files imported',
      no_imports: 'No fuel-card file imported yet.',
      import_row: '%{when} · %{file}: %{added} added, %{duplicates} already there, %{refused} refused',
    },
  },
};

addScreenMessages(iftaMessages);
