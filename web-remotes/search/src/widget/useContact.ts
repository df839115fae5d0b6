import {
  SEARCH_TEXT,
  resultOwnerName,
  type SearchContactTarget,
  type SearchResult,
} from '@safarsaathi/contracts';
import { errorMessage, useSession } from '@safarsaathi/web-kit';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchApi } from '../api';

const cardKey = (result: SearchResult) => `${result.service_type}:${result.caseid}`;

/**
 * Contact on a result (spec §4 Contact flow). Signed out: sign in first. Signed in: ask the chat
 * service; it opens an existing or new conversation, or asks for a request of one's own first.
 */
export function useContact(publicMode: boolean, onLoginRequest?: (service: string) => void) {
  const { status } = useSession();
  const navigate = useNavigate();
  const [connectingKey, setConnectingKey] = useState<string | null>(null);
  const [disclaimerTarget, setDisclaimerTarget] = useState<SearchContactTarget | null>(null);
  const [contactError, setContactError] = useState<string | null>(null);

  const contact = useCallback(
    async (result: SearchResult) => {
      if (publicMode || status !== 'signed-in') {
        if (onLoginRequest) onLoginRequest('companion');
        else void navigate('/login', { state: { redirectTo: 'companion' } });
        return;
      }
      const target: SearchContactTarget = {
        target_caseid: result.caseid,
        target_name: resultOwnerName(result, false),
        service_type: result.service_type,
      };
      setConnectingKey(cardKey(result));
      setContactError(null);
      try {
        const answer = await searchApi.checkSearchContact({
          target_caseid: target.target_caseid,
          service_type: target.service_type,
        });
        if (answer.status === 'need_case_creation') setDisclaimerTarget(target);
        else if (answer.conversation_id) {
          // The Messages screen opens the chat dialog for this conversation.
          void navigate('/messages', {
            state: {
              openConversation: {
                conversation_id: answer.conversation_id,
                other_participant_name: target.target_name,
                service_type: target.service_type,
              },
            },
          });
        } else setContactError(answer.error ?? SEARCH_TEXT.contactFailed);
      } catch (error) {
        setContactError(errorMessage(error, SEARCH_TEXT.contactFailed));
      } finally {
        setConnectingKey(null);
      }
    },
    [navigate, onLoginRequest, publicMode, status],
  );

  return {
    contact,
    isConnecting: (result: SearchResult) => connectingKey === cardKey(result),
    disclaimerTarget,
    closeDisclaimer: () => setDisclaimerTarget(null),
    contactError,
    clearContactError: () => setContactError(null),
  };
}
