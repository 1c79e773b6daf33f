/**
 * A part of the transfer chart (`transfer.machine.ts`): its state `editing`, the form while the
 * customer types, with the lookups that run meanwhile. It is written apart only to keep each file
 * short; the chart's `setup` names and documents every guard, action and actor used here.
 *
 * `editing` is a parallel state, so that the customer types while the portal looks things up:
 * - `form`: the fields, the submit button; field errors once a submit was tried (spec §5);
 * - `holder`: the payee's holder, looked up once its fields are complete and valid (account: 21
 *   characters, spec §2; wallet number, card: rulings §9.2), or taken from the payee's suggestion
 *   when it carries one (docs/decisions.md, "Mobile data: a frequent payee's holder from its suggestion");
 * - `suggestions` (account, momo): frequently used accounts or numbers, loaded when the form opens;
 * - `currencies` (momo, card): the currency list, loaded when the form opens (empty on failure);
 * - `balance` (momo): the selected account's balance;
 * - `rate` (momo, card): the rate and the amount debited when the currency sent is not the
 *   account's, asked once the customer pauses (`rateQuiet`), rulings §9.3.
 * A region a kind does not use stays `idle`. The lists are loaded once per form: coming back to the
 * form after a refused ask does not load them again (their context is not `null` any more).
 */
import { and } from 'xstate'
import type { TransferSetup } from './transfer.setup.ts'
import { debitAccountOf, transferKinds } from './transfer.kinds.ts'
import { rateInputOf, suggestedHolderOf } from './transfer.rules.ts'

/** The state `editing` of the chart, typed by the chart's own setup (XState's `createStateConfig`). */
export const editingState = (transfer: TransferSetup) =>
  transfer.createStateConfig({
    type: 'parallel',
    description:
      "The transfer form of the kind: heading and form title, the kind's fields, the submit button; " +
      'field errors once a submit was tried; the error banner of the last refused attempt, if any; ' +
      'the accounts message with its reload link when the accounts are unavailable; the information ' +
      'panel of the three steps (momo, card).',
    meta: { spec: 'spec §2 /app/transfer, /app/momo, /app/prepaid-card; spec §4 Transfers (form); spec §5; spec §8' },
    states: {
      form: {
        description: 'The fields and the submit button.',
        meta: { spec: 'spec §4 Transfers (form displayed); spec §5' },
        initial: 'filling',
        states: {
          filling: {
            description: 'The customer fills the form.',
            meta: { spec: 'spec §2 transfer screens; spec §5' },
            on: {
              'field.change': [
                {
                  guard: and(['isFieldOfKind', 'wasSubmitted']),
                  actions: [{ type: 'setField', params: ({ event }) => event }, 'validate'],
                  description: 'spec §5: after a submit attempt, the field errors follow what the customer types',
                },
                {
                  guard: 'isFieldOfKind',
                  actions: { type: 'setField', params: ({ event }) => event },
                  description: 'spec §5: before any submit attempt, no error is shown',
                },
              ],
              'transfer.submit': [
                {
                  guard: 'isFormValid',
                  target: '#transfer.asking',
                  actions: ['markSubmitted', 'validate', { type: 'showError', params: { message: null } }],
                  description: 'spec §4, §5, REQ-XFER-01, REQ-VAL-01: a valid form is submitted; a new attempt clears the banner',
                },
                {
                  actions: ['markSubmitted', 'validate', { type: 'showError', params: { message: null } }],
                  description: 'spec §5, REQ-VAL-01: errors show after a submit attempt and fields are highlighted',
                },
              ],
              'accounts.reload': {
                guard: 'areAccountsUnavailable',
                actions: 'reloadPage',
                description: 'spec §8, REQ-ERR-09: a click on the accounts message reloads the page',
              },
            },
          },
        },
      },
      holder: {
        description: 'The holder of the payee (account to credit, wallet number, card), or the lookup failure.',
        meta: {
          spec: 'spec §2 /app/transfer (holder lookup at 21 characters); spec §8 (holder lookup failed); rulings §9.2 (wallet and card payees named)',
        },
        initial: 'idle',
        on: {
          'field.change': {
            guard: 'isPayeeChange',
            target: '.idle',
            actions: 'clearHolder',
            description: 'spec §2, rulings §9.2: a new payee forgets the holder found for the previous one',
          },
        },
        states: {
          idle: {
            description: 'No lookup under way: the holder label, or the failure message, if any.',
            meta: { spec: 'spec §2 /app/transfer' },
            always: [
              {
                guard: 'hasSuggestedHolder',
                actions: {
                  type: 'setHolder',
                  params: ({ context }) => {
                    const holder = suggestedHolderOf(context)
                    // Unreachable: `hasSuggestedHolder` took this transition only with a suggestion's holder.
                    if (holder === null) throw new Error('setHolder: no suggested holder')
                    return { found: true, libelle: holder }
                  },
                },
                description:
                  'decision (docs/decisions.md, "Mobile data: a frequent payee\'s holder from its suggestion"): a payee typed or picked ' +
                  'among the frequently used ones is named by the holder its suggestion carries, without the details call (about ' +
                  '800 bytes of mobile data); used-freq answers it from the same source as details, details-wallet',
              },
              {
                guard: 'shouldLookUpHolder',
                target: 'lookingUp',
                description: 'spec §2: the holder is looked up once 21 characters are entered; rulings §9.2: a wallet number or a card once complete and valid',
              },
            ],
          },
          lookingUp: {
            description: 'The holder is being looked up; the customer keeps typing.',
            meta: { spec: 'spec §2 /app/transfer; spec §7 details; rulings §9.2 details-wallet, details-card' },
            invoke: {
              id: 'lookUpHolder',
              src: 'lookUpHolder',
              input: ({ context }) => {
                const input = transferKinds[context.kind].holderLookup(context.values)
                // Unreachable: `shouldLookUpHolder` entered this state only with valid payee fields, and any change leaves it.
                if (!input) throw new Error('lookUpHolder: no payee')
                return input
              },
              onDone: {
                target: 'idle',
                actions: { type: 'setHolder', params: ({ event }) => event.output },
                description:
                  "spec §2, §8, rulings §9.2, REQ-ERR-10: the holder, or the lookup failure (transfer.holderNotFound, transfer.payeeNotFound; the bank's message after too many tries)",
              },
              onError: {
                target: 'idle',
                actions: { type: 'setHolder', params: { found: false } },
                description: 'spec §8, REQ-ERR-10: a lookup that fails shows the holder lookup failure',
              },
            },
          },
        },
      },
      suggestions: {
        description: 'account, momo: the frequently used accounts or numbers offered on the field to credit.',
        meta: { spec: 'spec §2 /app/transfer, /app/momo (suggestions); spec §7 used-freq; rulings §3' },
        initial: 'idle',
        states: {
          idle: {
            description: 'The suggestions, if any, are offered.',
            meta: { spec: 'spec §2 (suggestions of frequently used accounts and numbers)' },
            always: {
              guard: 'shouldLoadSuggestions',
              target: 'loading',
              description: 'spec §2, §7: the suggestions are loaded when the form opens',
            },
          },
          loading: {
            description: 'The suggestions are being loaded; the form is usable.',
            meta: { spec: 'spec §7 used-freq' },
            invoke: {
              id: 'loadSuggestions',
              src: 'loadSuggestions',
              input: ({ context }) => ({ kind: context.kind }),
              onDone: {
                target: 'idle',
                actions: { type: 'setSuggestions', params: ({ event }) => ({ list: event.output }) },
                description: 'spec §2: the frequently used accounts or numbers are offered',
              },
              onError: {
                target: 'idle',
                actions: { type: 'setSuggestions', params: { list: [] } },
                description: 'spec §7: on error the list is empty',
              },
            },
          },
        },
      },
      currencies: {
        description: 'momo, card: the currencies offered in the currency field.',
        meta: { spec: 'spec §2 /app/momo, /app/prepaid-card (currency); spec §7 currencies b2w, b2c' },
        initial: 'idle',
        states: {
          idle: {
            description: 'The currency field offers the loaded currencies (none when they could not be loaded).',
            meta: { spec: 'spec §8 (currency load failure: nothing is shown)' },
            always: {
              guard: 'shouldLoadCurrencies',
              target: 'loading',
              description: 'spec §7: the currencies of the kind are loaded when the form opens',
            },
          },
          loading: {
            description: 'The currencies are being loaded; the form is usable.',
            meta: { spec: 'spec §7 currencies b2w, b2c' },
            invoke: {
              id: 'loadCurrencies',
              src: 'loadCurrencies',
              input: ({ context }) => ({ kind: context.kind }),
              onDone: {
                target: 'idle',
                actions: { type: 'setCurrencies', params: ({ event }) => ({ list: event.output }) },
                description: 'spec §3: the currency list (values 1, 2 or 3)',
              },
              onError: {
                target: 'idle',
                actions: { type: 'setCurrencies', params: { list: [] } },
                description: 'spec §8, REQ-ERR-19: currency load failure, nothing is shown',
              },
            },
          },
        },
      },
      balance: {
        description: "momo: the selected account's balance.",
        meta: { spec: "spec §2 /app/momo (the selected account's balance is displayed)" },
        initial: 'idle',
        on: {
          'field.change': {
            guard: 'isDebitAccountChange',
            target: '.idle',
            actions: 'clearBalance',
            description: 'spec §2: another account selected, its own balance is shown',
          },
        },
        states: {
          idle: {
            description: 'The balance of the selected account, when known.',
            meta: { spec: 'spec §2 /app/momo' },
            always: {
              guard: 'shouldLoadBalance',
              target: 'loading',
              description: "spec §2: the selected account's balance is read",
            },
          },
          loading: {
            description: 'The balance is being read; the form is usable.',
            meta: { spec: 'spec §2 /app/momo; spec §7 balance' },
            invoke: {
              id: 'loadBalance',
              src: 'loadBalance',
              input: ({ context }) => {
                const debit = debitAccountOf(context.values, context.accounts)
                return { compte: debit?.compte ?? '', currency: debit?.currency ?? '' }
              },
              onDone: {
                target: 'idle',
                actions: { type: 'setBalance', params: ({ event }) => event.output },
                description: "spec §2: the selected account's balance is displayed",
              },
              onError: {
                target: 'unavailable',
                description: 'a balance that cannot be read is not shown (the transfer stays possible) — decision (docs/decisions.md, Common rules)',
              },
            },
          },
          unavailable: {
            description: 'The balance could not be read: nothing is shown.',
            meta: { spec: 'spec §2 /app/momo; spec §8 (balance failure)' },
          },
        },
      },
      rate: {
        description: "momo, card: the rate and the amount debited, when the currency sent is not the account's.",
        meta: { spec: 'rulings §9.3 (the rate before committing; the ask still decides); POST rate' },
        initial: 'idle',
        on: {
          'field.change': {
            guard: 'isRateInputChange',
            target: '.idle',
            actions: 'clearQuote',
            description: 'rulings §9.3: another account, amount or currency forgets the rate quoted (a call under way is dropped)',
          },
        },
        states: {
          idle: {
            description: 'The rate and the amount debited when quoted, or why there is none; nothing otherwise.',
            meta: { spec: 'rulings §9.3' },
            always: {
              guard: 'shouldQuoteRate',
              target: 'waiting',
              description: "rulings §9.3: account, currency and amount valid, the currency sent not the account's",
            },
          },
          waiting: {
            description: 'The customer may still be typing: the rate is asked once the form has been quiet a moment.',
            meta: { spec: 'rulings §9.3' },
            after: {
              rateQuiet: {
                target: 'quoting',
                description: 'rulings §9.3: one call once the customer pauses, not one a keystroke',
              },
            },
          },
          quoting: {
            description: 'The rate is being asked; the form is usable (a line says so).',
            meta: { spec: 'rulings §9.3; POST rate' },
            invoke: {
              id: 'quoteRate',
              src: 'quoteRate',
              input: ({ context }) => {
                const input = rateInputOf(context)
                // Unreachable: `shouldQuoteRate` entered the wait only with a valid input, and any change leaves it.
                if (!input) throw new Error('quoteRate: no rate to ask')
                return input
              },
              onDone: {
                target: 'idle',
                actions: { type: 'setQuote', params: ({ event }) => event.output },
                description: "rulings §9.3: the rate and the amount debited, or the bank's reason when there is none",
              },
              onError: {
                target: 'idle',
                actions: { type: 'setQuote', params: { found: false } },
                description: 'rulings §9.3: a rate call that fails shows nothing (the ask still decides and says the debit)',
              },
            },
          },
        },
      },
    },
  })
