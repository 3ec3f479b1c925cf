import { PaperClipOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Modal, Select, Tag } from 'antd';
import { useMemo, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useInit } from '../../../app/session/SessionProvider';
import { isProviderStaff, type InitCompany } from '../../../app/session/types';
import { FilePicker } from '../../../shared/forms/FilePicker';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { readNewThreadDraft, writeNewThreadDraft, type NewThreadDraft } from '../utils/drafts';
import { useCreateThread, type CreatedThread } from './hooks/useCreateThread';

/** The message character limit (spec README decision). */
export const DESCRIPTION_MAX = 16000;
/** The largest attachment in MB (the README's upload limit). */
const ATTACHMENT_MAX_MB = 100;

export interface NewThreadModalProps {
  /** The companies to choose from; with one company and no choice, that one is used. */
  readonly companies: readonly InitCompany[];
  /** Ask for the company (no company selected, or a group). */
  readonly chooseCompany: boolean;
  /** false plays the closing animation; afterClose follows it. */
  readonly open?: boolean;
  readonly afterClose?: () => void;
  readonly onClose: () => void;
  readonly onCreated: (thread: CreatedThread) => void;
}

interface Values {
  companyId?: string;
  categoryId?: string;
  title?: string;
  description?: string;
  urgent?: boolean;
}

/** The kept draft's values, its company and category only while they can still be chosen. */
function draftValues(draft: NewThreadDraft | null, companies: readonly InitCompany[], chooseCompany: boolean): Values {
  if (!draft) return { urgent: false };
  const companyId = chooseCompany ? draft.companyId : companies[0]?.uuid;
  const company = companies.find((c) => c.uuid === companyId);
  const category = company?.categories.find((c) => c.active && c.id === draft.categoryId);
  return {
    companyId: company?.uuid,
    categoryId: category?.id,
    title: draft.title,
    description: draft.description,
    urgent: draft.urgent,
  };
}

/**
 * The new-thread modal (spec 001 §5): company when none is selected or in group mode,
 * category, title, description (at most 16000 characters) and urgent. A non-agent picking
 * a sensitive category is asked to confirm; cancelling removes the choice. Files can be
 * attached and an image pasted into the message (spec 001 §3 New thread form: files,
 * messageImage); they go with createTask. What is typed is kept as a draft per user and company
 * until it is sent (drafts.ts, decision 0150).
 */
export function NewThreadModal({
  companies,
  chooseCompany,
  open = true,
  afterClose,
  onClose,
  onCreated,
}: NewThreadModalProps) {
  const { t } = useTranslation('inbox');
  const init = useInit();
  const staff = isProviderStaff(init.user);
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [modal, modalHolder] = Modal.useModal();
  const { createThread, creating } = useCreateThread();
  const draftScope = chooseCompany ? null : (companies[0]?.uuid ?? null);
  const [initialValues] = useState(() =>
    draftValues(readNewThreadDraft(init.user.uuid, draftScope), companies, chooseCompany),
  );
  const keepDraft = () => {
    const values = form.getFieldsValue(true) as Values;
    writeNewThreadDraft(init.user.uuid, draftScope, {
      companyId: chooseCompany ? values.companyId : undefined,
      categoryId: values.categoryId,
      title: values.title ?? '',
      description: values.description ?? '',
      urgent: Boolean(values.urgent),
    });
  };
  const [companyId, setCompanyId] = useState<string | undefined>(
    chooseCompany ? initialValues.companyId : companies[0]?.uuid,
  );
  const categoryId = Form.useWatch('categoryId', form);
  const company = companies.find((c) => c.uuid === companyId);
  const categories = useMemo(() => (company?.categories ?? []).filter((c) => c.active), [company]);
  const ready = Boolean(companyId && categoryId);
  const [files, setFiles] = useState<File[]>([]);
  const [image, setImage] = useState<File | null>(null);

  // An image pasted into the message becomes the thread's message image (one; a new paste replaces it).
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files].find((f) => /^image\/(png|jpe?g)$/.test(f.type));
    if (!pasted) return;
    event.preventDefault();
    setImage(pasted);
  };

  const onCategory = (id: string) => {
    const category = categories.find((c) => c.id === id);
    if (!staff && category?.categoryType === 'sensitive') {
      void modal.confirm({
        title: t('new_thread.sensitive_title'),
        content: t('new_thread.sensitive_body', { category: category.name }),
        okText: t('new_thread.sensitive_ok'),
        cancelText: t('actions.cancel'),
        onCancel: () => {
          form.setFieldValue('categoryId', undefined);
          keepDraft();
        },
      });
    }
  };

  const submit = async (values: Values) => {
    if (!companyId || !values.categoryId || !values.title) return;
    const created = await createThread({
      companyId,
      categoryId: values.categoryId,
      title: values.title,
      description: values.description ?? '',
      urgent: Boolean(values.urgent),
      image,
      files,
    });
    if (!created) return;
    writeNewThreadDraft(init.user.uuid, draftScope, null);
    onCreated(created);
  };

  return (
    <FormDialog
      open={open}
      afterClose={afterClose}
      width={820}
      title={t('new_thread.title')}
      onClose={onClose}
      cancelText={t('actions.cancel')}
      submitText={t('new_thread.send')}
      submitting={creating}
      submitDisabled={!ready}
      onSubmit={() => form.submit()}
    >
      {modalHolder}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={(values) => void submit(values)}
        onFinishFailed={invalidSubmit}
        onValuesChange={keepDraft}
        initialValues={initialValues}
      >
        {chooseCompany && (
          <Form.Item
            label={t('new_thread.company')}
            name="companyId"
            rules={[rules.required]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('new_thread.choose_company')}
              options={companies.map((c) => ({ value: c.uuid, label: c.name }))}
              onChange={(value: string) => {
                setCompanyId(value);
                form.setFieldValue('categoryId', undefined);
                keepDraft();
              }}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('new_thread.category')}
          name="categoryId"
          rules={[rules.required]}
        >
          <Select
            placeholder={t('new_thread.choose_category')}
            disabled={!companyId}
            options={categories.map((c) => ({
              value: c.id,
              label: c.categoryType === 'sensitive' ? t('new_thread.sensitive_option', { category: c.name }) : c.name,
            }))}
            onChange={onCategory}
          />
        </Form.Item>
        <Form.Item
          label={t('new_thread.subject')}
          name="title"
          rules={[rules.required]}
        >
          <Input maxLength={255} />
        </Form.Item>
        <Form.Item
          label={t('new_thread.description')}
          name="description"
          rules={[rules.messageLength(DESCRIPTION_MAX)]}
        >
          <Input.TextArea
            rows={6}
            disabled={!ready}
            onPaste={onPaste}
            showCount={{ formatter: ({ count }) => `${count} / ${DESCRIPTION_MAX}` }}
          />
        </Form.Item>
        {image && (
          <Form.Item label={t('new_thread.image')}>
            <Tag
              icon={<PictureOutlined aria-hidden />}
              closable
              closeIcon={<span aria-label={t('new_thread.remove_image', { name: image.name })}>×</span>}
              onClose={() => setImage(null)}
              data-testid="new-thread-image"
            >
              {image.name}
            </Tag>
          </Form.Item>
        )}
        <Form.Item label={t('new_thread.files')}>
          {/* a file name is attached once (001 §4 upload queue) */}
          <FilePicker multiple value={files} onChange={setFiles} maxSize={ATTACHMENT_MAX_MB} disabled={!ready}>
            <Button icon={<PaperClipOutlined aria-hidden />} disabled={!ready}>
              {t('new_thread.attach')}
            </Button>
          </FilePicker>
        </Form.Item>
        <Form.Item name="urgent" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>{t('new_thread.urgent')}</Checkbox>
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
