import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import type { ChatContactDto } from '../../schema/chat';
import { LoadProblem } from '../../ui/LoadProblem';
import { CHAT_KEYS, chatApi } from './api';

/**
 * People one may write to (everyone who uses chat with Create on Chat, else one's dispatchers), picked by name; each
 * option says whether they are one's dispatcher and their roles. `exclude`: ids not offered (a group's members).
 */
export function ContactPicker({
  value,
  onChange,
  label,
  helperText,
  exclude,
}: {
  value: ChatContactDto[];
  onChange: (people: ChatContactDto[]) => void;
  label: string;
  helperText?: string;
  exclude?: readonly number[];
}) {
  const translate = useTranslate();
  const contacts = useQuery({ queryKey: CHAT_KEYS.contacts, queryFn: chatApi.contacts });
  if (contacts.error) return <LoadProblem />;
  const options = exclude?.length
    ? (contacts.data ?? []).filter((contact) => !exclude.includes(contact.userId))
    : (contacts.data ?? []);
  return (
    <Autocomplete
      multiple
      options={options}
      loading={contacts.isPending}
      value={value}
      onChange={(_event, people) => onChange(people)}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.userId}
      isOptionEqualToValue={(a, b) => a.userId === b.userId}
      noOptionsText={translate('haulboard.chat.no_contacts')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{option.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {[option.dispatcher && translate('haulboard.chat.dispatcher'), option.roles.join(', ')]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}
