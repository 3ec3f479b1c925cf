import '@xyflow/react/dist/style.css';
import {
  ApartmentOutlined,
  ArrowLeftOutlined,
  CopyOutlined,
  DeleteOutlined,
  RedoOutlined,
  SnippetsOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  applyEdgeChanges,
  useReactFlow,
  useStore,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
  type OnDelete,
  type Viewport,
} from '@xyflow/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { App, Button, Flex, Form, Space, Tabs, Tag, Tooltip, Typography, theme } from 'antd';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { reportServerErrors } from '../../../../app/errors/reportErrors';
import { describeServerError } from '../../../../app/errors/serverErrors';
import { paths } from '../../../../app/router/paths';
import { useInvalidSubmitNotice } from '../../../../shared/forms/useFormRules';
import { CanvasContext, OUTLINE_BELOW_ZOOM, isOutlineZoom, type CanvasContextValue } from '../../canvas/canvasContext';
import { canvasThemeVars, memoizedT } from '../../canvas/canvasLook';
import { copySelection, pasteFragment, randomNodeId, type Fragment } from '../../canvas/clipboard';
import { edgeFor, isValidConnection } from '../../canvas/connections';
import { workflowEdgeTypes } from '../../canvas/edges';
import { applyNodeChangesWithHandles, fittedViewport, withKnownSize, withKnownSizes } from '../../canvas/knownSize';
import { autoLayout, nodeSize } from '../../canvas/layout';
import { workflowNodeTypes } from '../../canvas/nodes/workflowNodeTypes';
import { toStructure } from '../../canvas/structure';
import type { WorkflowGraph, WorkflowNode, WorkflowNodeType, WorkflowParameter } from '../../canvas/types';
import { useCanvasAriaLabels } from '../../canvas/useCanvasAriaLabels';
import { issuesByNode, splitMutationErrors, type StructureIssue } from '../../canvas/validationErrors';
import { OUTLINE_EDGE_OPTIONS, WORKFLOW_EDGE_OPTIONS, minimapNodeColour } from '../../canvas/WorkflowCanvas';
import { WORKFLOW_EDITOR_OPTIONS } from '../graphql/editorOptions';
import { CREATE_WORKFLOW, UPDATE_WORKFLOW } from '../graphql/saveWorkflow';
import { useEditorShortcuts } from '../hooks/useEditorShortcuts';
import { useGraphHistory } from '../hooks/useGraphHistory';
import { useLeaveGuard } from '../hooks/useLeaveGuard';
import { useMountWhenIdle } from '../hooks/useMountWhenIdle';
import { useNodesApartFromPlace } from '../hooks/useNodesApartFromPlace';
import { GeneralInfoForm, type WorkflowInfo } from './GeneralInfoForm';
import { IssuesPanel as IssuesPanelView } from './IssuesPanel';
import { NodePanel, type EditorOptions } from './NodePanel';
import { PALETTE_MIME, Palette } from './Palette';
import { useBreakpoint } from '../../../../shared/hooks/useBreakpoint';

/** What the editor knows of a saved workflow. */
export interface SavedWorkflow {
  readonly uuid: string;
  readonly draft: boolean;
  readonly version: number | null;
  readonly canEditGeneralInfo: boolean;
  readonly countries: readonly { id: string; name: string }[];
}

interface WorkflowEditorProps {
  /** null for a new workflow. */
  readonly workflow: SavedWorkflow | null;
  readonly graph: WorkflowGraph;
  readonly info: WorkflowInfo;
}

const GRID: [number, number] = [16, 16];
const NO_COUNTRIES: SavedWorkflow['countries'] = [];
const NO_TAGS: string[] = [];
const NO_PARAMETERS: WorkflowParameter[] = [];
const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1 };
const MIN_ZOOM = 0.1;
/** From this many nodes the canvas draws only what is in view: opening and dragging stay quick. */
const LARGE_GRAPH = 200;
// the sidebar and toolbar are drawn again only when their props change, not on every drag move
const IssuesPanel = memo(IssuesPanelView);

function newNodeData(type: WorkflowNodeType): Record<string, unknown> {
  switch (type) {
    case 'task':
    case 'approval':
      return { title: '', assignee: { type: 'responsible' } };
    case 'condition':
      return { operator: 'eq' };
    case 'wait':
      return { type: 'duration', days: 1 };
    default:
      return {};
  }
}

/**
 * Where a node added with a click (or Enter) goes: under the lowest node, so that steps
 * added one after another line up instead of piling up; in the view's centre on an empty
 * canvas.
 */
function placeForNew(
  type: WorkflowNodeType,
  nodes: readonly WorkflowNode[],
  canvas: HTMLElement | null,
  toFlow: (p: { x: number; y: number }) => { x: number; y: number },
): { x: number; y: number } {
  const { width, height } = nodeSize(type);
  const lowest = nodes.reduce<WorkflowNode | null>(
    (low, n) => (!low || n.position.y + nodeSize(n.type).height > low.position.y + nodeSize(low.type).height ? n : low),
    null,
  );
  if (lowest) {
    const size = nodeSize(lowest.type);
    return { x: lowest.position.x + size.width / 2 - width / 2, y: lowest.position.y + size.height + 64 };
  }
  const box = canvas?.getBoundingClientRect();
  const centre = toFlow({ x: (box?.left ?? 0) + (box?.width ?? 0) / 2, y: (box?.top ?? 0) + (box?.height ?? 0) / 2 });
  return { x: centre.x - width / 2, y: centre.y - height / 2 };
}

const deselected = <T extends { selected?: boolean }>(items: readonly T[]): T[] =>
  items.map((i) => (i.selected ? { ...i, selected: false } : i));

/** The workflow editor: palette, canvas and sidebar (spec 002 §2.17). */
export function WorkflowEditor(props: WorkflowEditorProps) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}

function Editor({ workflow: initialWorkflow, graph: initialGraph, info }: WorkflowEditorProps) {
  const { t, i18n } = useTranslation('workflowDesigner');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const screens = useBreakpoint();
  const phone = screens.md === false;
  const navigate = useNavigate();
  const flow = useReactFlow<WorkflowNode>();
  const wrapper = useRef<HTMLDivElement>(null);
  const [form] = Form.useForm<WorkflowInfo>();
  const invalidSubmit = useInvalidSubmitNotice();
  const [workflow, setWorkflow] = useState(initialWorkflow);
  const history = useGraphHistory(useMemo(() => ({ ...initialGraph, nodes: withKnownSizes(initialGraph.nodes) }), [initialGraph]));
  const { graph, commit, show } = history;
  const [infoDirty, setInfoDirty] = useState(false);
  const [issues, setIssues] = useState<StructureIssue[]>([]);
  const [tab, setTab] = useState<'step' | 'general'>(initialWorkflow ? 'step' : 'general');
  const [saving, setSaving] = useState<'draft' | 'publish' | null>(null);
  const clipboard = useRef<Fragment | null>(null);
  const pastes = useRef(0);
  const ariaLabelConfig = useCanvasAriaLabels();

  const { data: optionsData } = useQuery(WORKFLOW_EDITOR_OPTIONS);
  const options = useMemo<EditorOptions>(
    () => ({
      categories: (optionsData?.categories ?? []).filter((c) => c.active),
      applications: optionsData?.externalApplications ?? [],
      anchorFields: (optionsData?.groupedDynamicFields ?? []).map((f) => ({ id: f.id, title: f.title || f.name })),
    }),
    [optionsData],
  );
  // Every country; the workflow's own keep the chosen ones named until the list arrives.
  const countries = optionsData?.countries ?? workflow?.countries ?? NO_COUNTRIES;
  const [createWorkflow] = useMutation(CREATE_WORKFLOW);
  const [updateWorkflow] = useMutation(UPDATE_WORKFLOW);

  // stable, so that the memoised form is not drawn again on every move of a dragged node
  const markInfoDirty = useCallback(() => setInfoDirty(true), []);
  const dirty = history.dirty || infoDirty;
  const allowLeave = useLeaveGuard(dirty);

  const issueMap = useMemo(() => issuesByNode(issues), [issues]);
  const nodeT = useMemo(() => memoizedT(t), [t]);
  // The canvas opens fitted: the view is worked out from the nodes' known sizes and the canvas's
  // size before React Flow first draws, not by fitView after its first measurement.
  // The breakpoint is unknown on the first render (antd answers in an effect), when the canvas still
  // has the desktop layout's box: a phone measured then opened at the wrong view.
  const layoutKnown = screens.md !== undefined;
  const [openingView, setOpeningView] = useState<Viewport | null>(null);
  useLayoutEffect(() => {
    const box = wrapper.current;
    if (!box || !layoutKnown || openingView) return;
    setOpeningView(fittedViewport(initialGraph.nodes, box.clientWidth, box.clientHeight, { ...FIT_VIEW_OPTIONS, minZoom: MIN_ZOOM }));
  }, [layoutKnown]);

  // zoomed out, nodes are drawn as outlines (a context change draws them all again, once per crossing);
  // until React Flow has set up its view, the opening view's zoom says it (not the store's zoom 1)
  const flowOutline = useStore((s) => (s.panZoom ? isOutlineZoom(s) : null));
  const outline = flowOutline ?? (openingView !== null && openingView.zoom < OUTLINE_BELOW_ZOOM);
  const context = useMemo<CanvasContextValue>(() => ({ mode: 'edit', issues: issueMap, t: nodeT, outline }), [issueMap, nodeT, outline]);
  const themeVars = useMemo(() => canvasThemeVars(token), [token]);

  // --- graph changes -------------------------------------------------------------------
  const onNodesChange = useCallback(
    (changes: NodeChange<WorkflowNode>[]) => {
      // removals arrive once more in onDelete, with their edges: one undo step for both
      const kept = changes.filter((c) => c.type !== 'remove');
      if (kept.length > 0) show((g) => ({ ...g, nodes: applyNodeChangesWithHandles(kept, g.nodes) }));
    },
    [show],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const kept = changes.filter((c) => c.type !== 'remove');
      if (kept.length > 0) show((g) => ({ ...g, edges: applyEdgeChanges(kept, g.edges) }));
    },
    [show],
  );
  const onDelete = useCallback<OnDelete<WorkflowNode>>(
    ({ nodes, edges }) => {
      const nodeIds = new Set(nodes.map((n) => n.id));
      const edgeIds = new Set(edges.map((e) => e.id));
      commit((g) => ({
        nodes: g.nodes.filter((n) => !nodeIds.has(n.id)),
        edges: g.edges.filter((e) => !edgeIds.has(e.id) && !nodeIds.has(e.source) && !nodeIds.has(e.target)),
      }));
    },
    [commit],
  );
  const onConnect = useCallback(
    (connection: Connection) => commit((g) => ({ ...g, edges: [...g.edges, edgeFor(connection, g.edges)] })),
    [commit],
  );
  const validConnection = useCallback(
    (connection: Edge | Connection) => isValidConnection(connection, flow.getNodes(), flow.getEdges()),
    [flow],
  );

  const addNode = useCallback(
    (type: WorkflowNodeType, at?: { x: number; y: number }) => {
      const { width, height } = nodeSize(type);
      let position = at;
      if (!position) position = placeForNew(type, graphRef.current.nodes, wrapper.current, flow.screenToFlowPosition);
      const node = withKnownSize({ id: randomNodeId(type), type, position, data: newNodeData(type), selected: true } as WorkflowNode);
      commit((g) => ({ nodes: [...deselected(g.nodes), node], edges: deselected(g.edges) }));
      setTab('step');
      if (!at) {
        const { zoom } = flow.getViewport();
        void flow.setCenter(position.x + width / 2, position.y + height / 2, { zoom });
      }
    },
    [commit, flow],
  );
  const graphRef = useRef(graph);
  graphRef.current = graph;

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(PALETTE_MIME)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = event.dataTransfer.getData(PALETTE_MIME) as WorkflowNodeType;
      if (!type) return;
      event.preventDefault();
      const { width, height } = nodeSize(type);
      const p = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      const snap = (v: number) => Math.round(v / GRID[0]) * GRID[0];
      addNode(type, { x: snap(p.x - width / 2), y: snap(p.y - height / 2) });
    },
    [addNode, flow],
  );

  const updateNodeData = useCallback(
    (nodeId: string, patch: Record<string, unknown>, key: string) =>
      commit(
        (g) => ({ ...g, nodes: g.nodes.map((n) => (n.id === nodeId ? ({ ...n, data: { ...n.data, ...patch } } as WorkflowNode) : n)) }),
        `${nodeId}:${key}`,
      ),
    [commit],
  );
  // the nodes apart from their places: what the sidebar and toolbar show does not move in a drag
  const nodes = useNodesApartFromPlace(graph.nodes);
  const startNode = nodes.find((n) => n.type === 'start');
  const parameters = startNode ? ((startNode.data as { parameters?: WorkflowParameter[] }).parameters ?? NO_PARAMETERS) : null;
  const setParameters = useCallback(
    (next: WorkflowParameter[]) =>
      commit(
        (g) => ({ ...g, nodes: g.nodes.map((n) => (n.type === 'start' ? ({ ...n, data: { ...n.data, parameters: next } } as WorkflowNode) : n)) }),
        'parameters',
      ),
    [commit],
  );

  // --- clipboard, layout, focus --------------------------------------------------------------
  const copy = useCallback(() => {
    const fragment = copySelection(graphRef.current.nodes, graphRef.current.edges);
    if (fragment.nodes.length === 0) return;
    clipboard.current = fragment;
    pastes.current = 0;
  }, []);
  const paste = useCallback(() => {
    const fragment = clipboard.current;
    if (!fragment) return;
    pastes.current += 1;
    const offset = { x: 48 * pastes.current, y: 48 * pastes.current };
    commit((g) => {
      const pasted = pasteFragment(fragment, g, randomNodeId, offset);
      return { nodes: [...deselected(g.nodes), ...pasted.nodes], edges: [...deselected(g.edges), ...pasted.edges] };
    });
  }, [commit]);
  const duplicate = useCallback(() => {
    copy();
    paste();
  }, [copy, paste]);
  const removeSelection = useCallback(() => {
    void flow.deleteElements({ nodes: graphRef.current.nodes.filter((n) => n.selected), edges: graphRef.current.edges.filter((e) => e.selected) });
  }, [flow]);
  const layout = useCallback(() => {
    commit((g) => ({ ...g, nodes: autoLayout(g.nodes, g.edges) }));
    requestAnimationFrame(() => void flow.fitView({ padding: 0.2 }));
  }, [commit, flow]);
  const focusNode = useCallback(
    (nodeId: string) => {
      const node = graphRef.current.nodes.find((n) => n.id === nodeId);
      if (!node) return;
      show((g) => ({ nodes: g.nodes.map((n) => ({ ...n, selected: n.id === nodeId })), edges: deselected(g.edges) }));
      const { width, height } = nodeSize(node.type);
      void flow.setCenter(node.position.x + width / 2, node.position.y + height / 2, { zoom: 1 });
      setTab('step');
    },
    [flow, show],
  );

  const shortcuts = useMemo(
    () => ({ undo: history.undo, redo: history.redo, copy, paste, duplicate }),
    [history.undo, history.redo, copy, paste, duplicate],
  );
  useEditorShortcuts(shortcuts, true);

  const onNodeClick = useCallback(() => setTab('step'), []);

  // --- saving ------------------------------------------------------------------------------
  const save = async (publish: boolean) => {
    // the save reads and checks the general info form: mount it now if it waits for idle time
    if (!generalMount.mounted) flushSync(generalMount.mount);
    let values: WorkflowInfo;
    try {
      values = { ...info, ...(await form.validateFields()) };
    } catch {
      setTab('general');
      invalidSubmit();
      return;
    }
    setSaving(publish ? 'publish' : 'draft');
    const variables = {
      name: values.name,
      label: values.label ?? '',
      description: values.description ?? '',
      category: values.categoryId,
      countries: values.countryIds,
      tags: values.tags,
      optionalSteps: values.optionalSteps,
      considerHolidays: values.considerHolidays,
      structure: toStructure(graphRef.current),
      draft: !publish,
    };
    try {
      const result = workflow
        ? (await updateWorkflow({ variables: { workflowId: workflow.uuid, ...variables } })).data?.updateWorkflow
        : (await createWorkflow({ variables })).data?.createWorkflow;
      if (!result) return;
      const split = splitMutationErrors(result.errors);
      setIssues(split.structure);
      if (split.other.length > 0) {
        const formField = (field: string | null | undefined) =>
          field === 'category' ? 'categoryId' : field === 'countries' ? 'countryIds' : field;
        const known = ['name', 'label', 'description', 'categoryId', 'countryIds', 'tags'];
        form.setFields(
          split.other
            .map((e) => ({ name: formField(e.field) ?? '', errors: [describeServerError(e, i18n).description] }))
            .filter((f) => known.includes(f.name)) as { name: keyof WorkflowInfo; errors: string[] }[],
        );
        if (split.other.some((e) => known.includes(formField(e.field) ?? ''))) setTab('general');
        reportServerErrors(split.other);
      }
      if (!result.workflow || result.errors.length > 0) return;
      const saved = result.workflow;
      history.markSaved();
      setInfoDirty(false);
      void message.success(t(publish ? (workflow && !workflow.draft ? 'editor.saved_updated' : 'editor.saved_published') : 'editor.saved_draft'));
      if (!workflow) {
        allowLeave();
        void navigate(paths.editWorkflow(saved.uuid), { replace: true });
        return;
      }
      setWorkflow({ uuid: saved.uuid, draft: saved.draft, version: saved.version ?? null, canEditGeneralInfo: saved.canEditGeneralInfo, countries: saved.countries });
    } catch {
      // the shell's error link has shown the toast; the canvas keeps what was drawn
    } finally {
      setSaving(null);
    }
  };

  const saveRef = useRef(save);
  saveRef.current = save;
  const saveDraft = useCallback(() => void saveRef.current(false), []);
  const publish = useCallback(() => void saveRef.current(true), []);
  const back = useCallback(() => void navigate(paths.workflows()), [navigate]);

  // --- layout ------------------------------------------------------------------------------
  const selectedNodes = useMemo(() => nodes.filter((n) => n.selected), [nodes]);
  const selected = selectedNodes.length === 1 ? selectedNodes[0] : undefined;
  const title = workflow ? t('editor.edit_title') : t('editor.create_title');
  const name = Form.useWatch('name', form) ?? info.name;

  const edges = graph.edges;
  const knownTags = optionsData?.workflowTags ?? NO_TAGS;
  const canEditGeneralInfo = workflow?.canEditGeneralInfo ?? true;
  // The general info tab is not shown when a saved workflow opens: its form is built once the
  // browser is idle after the canvas is drawn (or when the tab opens, or a save needs it), not in
  // the open's render. Once built it stays mounted: its values are the save's.
  const generalMount = useMountWhenIdle(tab === 'general');
  const generalForm = useMemo(
    () => (
      <GeneralInfoForm
        form={form}
        initial={info}
        categories={options.categories}
        countries={countries}
        knownTags={knownTags}
        canEditGeneralInfo={canEditGeneralInfo}
        onChange={markInfoDirty}
        parameters={parameters}
        onParametersChange={setParameters}
      />
    ),
    [form, info, options.categories, countries, knownTags, canEditGeneralInfo, markInfoDirty, parameters, setParameters],
  );
  const hasSelection = selectedNodes.length > 0 || edges.some((e) => e.selected);
  return (
    <CanvasContext value={context}>
      <Flex vertical gap={12} style={phone ? undefined : { flex: 1, minHeight: 560 }}>
        <EditorHeader
          title={title}
          name={name || t('editor.untitled')}
          workflow={workflow}
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          canCopy={selectedNodes.length > 0}
          hasSelection={hasSelection}
          saving={saving}
          onUndo={history.undo}
          onRedo={history.redo}
          onCopy={copy}
          onPaste={paste}
          onDelete={removeSelection}
          onLayout={layout}
          onBack={back}
          onSaveDraft={saveDraft}
          onPublish={publish}
        />
        <IssuesPanel issues={issues} nodes={nodes} onFocusNode={focusNode} />
        <Flex vertical={phone} gap={12} style={{ flex: 1, minHeight: 0 }}>
          <div style={phone ? undefined : { minWidth: 150, flex: 'none', overflowY: 'auto' }}>
            <Palette onAdd={addNode} horizontal={phone} />
          </div>
          <div
            ref={wrapper}
            onDragOver={onDragOver}
            onDrop={onDrop}
            style={{
              flex: phone ? 'none' : 1,
              minWidth: 0,
              height: phone ? 440 : undefined,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              background: token.colorBgContainer,
              position: 'relative',
            }}
            data-testid="workflow-canvas"
          >
            {openingView && (
              <ReactFlow<WorkflowNode>
                aria-label={t('editor.canvas_label')}
                style={themeVars}
                ariaLabelConfig={ariaLabelConfig}
                nodes={graph.nodes}
                edges={graph.edges}
                nodeTypes={workflowNodeTypes}
                edgeTypes={workflowEdgeTypes}
                defaultEdgeOptions={outline ? OUTLINE_EDGE_OPTIONS : WORKFLOW_EDGE_OPTIONS}
                onNodesChange={onNodesChange}
                onEdgesChange={onEdgesChange}
                onDelete={onDelete}
                onConnect={onConnect}
                isValidConnection={validConnection}
                onNodeDragStart={history.beginDrag}
                onNodeDragStop={history.endDrag}
                onNodeClick={onNodeClick}
                snapToGrid
                snapGrid={GRID}
                deleteKeyCode={['Delete', 'Backspace']}
                defaultViewport={openingView}
                onlyRenderVisibleElements={graph.nodes.length >= LARGE_GRAPH}
                minZoom={MIN_ZOOM}
              >
                <Background gap={GRID[0]} />
                <Controls showInteractive={false} />
                {!phone && <MiniMap<WorkflowNode> nodeColor={minimapNodeColour} pannable zoomable />}
              </ReactFlow>
            )}
            {graph.nodes.length === 0 && (
              <Typography.Text
                type="secondary"
                style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none', padding: 24, textAlign: 'center' }}
              >
                {t('editor.empty_canvas')}
              </Typography.Text>
            )}
          </div>
          <aside
            aria-label={t('sidebar.step')}
            style={phone ? undefined : { width: 360, flex: 'none', overflowY: 'auto', background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '0 16px 16px' }}
          >
            <EditorSidebar
              tab={tab}
              onTab={setTab}
              selected={selected}
              selectedCount={selectedNodes.length}
              nodes={nodes}
              edges={edges}
              options={options}
              onNodeChange={updateNodeData}
              general={generalForm}
              generalMounted={generalMount.mounted}
            />
          </aside>
        </Flex>
      </Flex>
    </CanvasContext>
  );
}

interface EditorHeaderProps {
  readonly title: string;
  readonly name: string;
  readonly workflow: SavedWorkflow | null;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly canCopy: boolean;
  readonly hasSelection: boolean;
  readonly saving: 'draft' | 'publish' | null;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
  readonly onCopy: () => void;
  readonly onPaste: () => void;
  readonly onDelete: () => void;
  readonly onLayout: () => void;
  readonly onBack: () => void;
  readonly onSaveDraft: () => void;
  readonly onPublish: () => void;
}

/** Back, the workflow's name and state, the edit tools and the save buttons. */
const EditorHeader = memo(function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTranslation('workflowDesigner');
  const { workflow, saving } = props;
  const published = workflow !== null && !workflow.draft;
  const toolButton = (label: string, icon: ReactNode, onClick: () => void, disabled: boolean, testId: string) => (
    <Tooltip title={label}>
      <Button icon={icon} aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId} />
    </Tooltip>
  );
  return (
    <Flex align="center" gap={8} wrap>
      <Button icon={<ArrowLeftOutlined />} onClick={props.onBack}>
        {t('action.back')}
      </Button>
      <Flex vertical style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {props.title}
        </Typography.Title>
        <Typography.Text type="secondary" ellipsis data-testid="workflow-editor-name">
          {props.name}{' '}
          {workflow && (
            <Tag color={published ? 'green' : undefined} style={{ marginInlineStart: 4 }}>
              {published ? t('editor.published', { version: workflow.version ?? 1 }) : t('editor.draft')}
            </Tag>
          )}
        </Typography.Text>
      </Flex>
      <Space wrap size={4}>
        {toolButton(t('action.undo'), <UndoOutlined />, props.onUndo, !props.canUndo, 'editor-undo')}
        {toolButton(t('action.redo'), <RedoOutlined />, props.onRedo, !props.canRedo, 'editor-redo')}
        {toolButton(t('action.copy'), <CopyOutlined />, props.onCopy, !props.canCopy, 'editor-copy')}
        {toolButton(t('action.paste'), <SnippetsOutlined />, props.onPaste, false, 'editor-paste')}
        {toolButton(t('action.delete'), <DeleteOutlined />, props.onDelete, !props.hasSelection, 'editor-delete')}
        <Button icon={<ApartmentOutlined />} onClick={props.onLayout} data-testid="editor-auto-layout">
          {t('action.auto_layout')}
        </Button>
      </Space>
      <Space wrap size={8}>
        {!published && (
          <Button onClick={props.onSaveDraft} loading={saving === 'draft'} disabled={saving !== null}>
            {t('action.save_draft')}
          </Button>
        )}
        <Button type="primary" onClick={props.onPublish} loading={saving === 'publish'} disabled={saving !== null}>
          {published ? t('action.update') : t('action.save_publish')}
        </Button>
      </Space>
    </Flex>
  );
});

interface EditorSidebarProps {
  readonly tab: 'step' | 'general';
  readonly onTab: (tab: 'step' | 'general') => void;
  readonly selected: WorkflowNode | undefined;
  readonly selectedCount: number;
  readonly nodes: readonly WorkflowNode[];
  readonly edges: readonly Edge[];
  readonly options: EditorOptions;
  readonly onNodeChange: (nodeId: string, patch: Record<string, unknown>, key: string) => void;
  /** The general information form (kept mounted once mounted: its values are the save's). */
  readonly general: ReactNode;
  /** Whether the form is mounted while its tab is not shown. */
  readonly generalMounted: boolean;
}

/** The sidebar's tabs: the selected step's settings and the workflow's general information. */
const EditorSidebar = memo(function EditorSidebar({ tab, onTab, selected, selectedCount, nodes, edges, options, onNodeChange, general, generalMounted }: EditorSidebarProps) {
  const { t } = useTranslation('workflowDesigner');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => onTab(key as 'step' | 'general')}
      size="small"
      items={[
        {
          key: 'step',
          label: t('sidebar.step'),
          children: selected ? (
            <NodePanel node={selected} nodes={nodes} edges={edges} options={options} onChange={onNodeChange} />
          ) : (
            <Typography.Paragraph type="secondary">
              {selectedCount > 1 ? t('sidebar.multiple_selected', { count: selectedCount }) : t('sidebar.no_selection')}
            </Typography.Paragraph>
          ),
        },
        { key: 'general', label: t('sidebar.general'), forceRender: generalMounted, children: general },
      ]}
    />
  );
});
