import { resultOwnerName, type SearchContactTarget, type SearchResult } from '@safarsaathi/contracts';
import { errorMessage, translateMessage, useChatDialog, useSession } from '@safarsaathi/web-kit';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchApi } from '../api';
import { useSearchTranslation } from '../i18n';

const cardKey = (result: SearchResult) => `${result.service_type}:${result.caseid}`;

/**
 * Contact on a result (spec §4 Contact flow). Signed out: sign in first. Signed in: ask the chat
 * service; an existing or new conversation opens in the chat dialog right here, and a visitor without
 * a request of their own is asked to create one first (the Contact Disclaimer dialog).
 */
export function useContact(publicMode: boolean, onLoginRequest?: (service: string) => void) {
  const { status } = useSession();
  const navigate = useNavigate();
  const signedIn = !publicMode && status === 'signed-in';
  const chat = useChatDialog(signedIn);
  const [connectingKey, setConnectingKey] = useState<string | null>(null);
  const [disclaimerTarget, setDisclaimerTarget] = useState<SearchContactTarget | null>(null);
  const [contactError, setContactError] = useState<string | null>(null);
  const { t } = useSearchTranslation();
  const { openChat } = chat;

  const contact = useCallback(
    async (result: SearchResult) => {
      if (!signedIn) {
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
          openChat({
            conversationId: answer.conversation_id,
            otherParticipantName: target.target_name,
            serviceType: target.service_type,
            notice:
              answer.status === 'conversation_created'
                ? t('chatStarted', { name: target.target_name })
                : undefined,
          });
        } else setContactError(answer.error ? translateMessage(answer.error) : t('contactFailed'));
      } catch (error) {
        setContactError(errorMessage(error, t('contactFailed')));
      } finally {
        setConnectingKey(null);
      }
    },
    [navigate, onLoginRequest, signedIn, openChat, t],
  );

  return {
    contact,
    isConnecting: (result: SearchResult) => connectingKey === cardKey(result),
    disclaimerTarget,
    closeDisclaimer: () => setDisclaimerTarget(null),
    contactError,
    clearContactError: () => setContactError(null),
    chatDialogProps: chat.dialogProps,
  };
}
