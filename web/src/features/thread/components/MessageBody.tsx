import { Button, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRUNCATE_AT, truncateHtml } from '../utils/messageHtml';

export interface MessageBodyProps {
  /** Sanitised HTML from the server. */
  readonly html: string;
}

/** A message's text; over 600 characters it is cut, with Show more / Show less. */
export function MessageBody({ html }: MessageBodyProps) {
  const { t } = useTranslation('thread');
  const [expanded, setExpanded] = useState(false);
  const short = useMemo(() => truncateHtml(html, TRUNCATE_AT), [html]);
  const shown = expanded || !short.truncated ? html : short.html;
  return (
    <div className="portico-message-body">
      {/* The server sanitises message HTML to the spec's tags and attributes (bluemonday). */}
      <Typography.Text>
        <span className="portico-message-html" dangerouslySetInnerHTML={{ __html: shown }} />
      </Typography.Text>
      {short.truncated && (
        <Button type="link" size="small" style={{ padding: 0 }} aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? t('message.show_less') : t('message.show_more')}
        </Button>
      )}
    </div>
  );
}
