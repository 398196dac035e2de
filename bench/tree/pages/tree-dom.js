/**
 * The plain DOM baseline of bench/tree, the naive approach: every child of the epic is a row element
 * (chevron, state icon, title, reference, counts, weight, due date, milestone, health, assignees,
 * remove button, labels), all 5,000 in the document from the start, scrolled natively. Icons are
 * one SVG sprite, as GitLab's are.
 *
 * Interactions as the bench uses them, with the same test ids as the app's tree:
 *   - a chevron click inserts the epic's children (window.__benchData.children) after its row, and
 *     a second click removes them;
 *   - a pointer drag (past 5 px) shows a ghost that follows the pointer and a drop line at the gap
 *     under it; Escape cancels; a drop elsewhere moves the row element, a drop at its own gap does
 *     nothing. A press starts no text selection, and the click that ends a drag is swallowed.
 */
(() => {
  const data = window.__benchData;
  const ROW_HEIGHT = 72;
  const THRESHOLD = 5;
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const icon = (name, extra = '') =>
    `<svg class="ic ${extra}" aria-hidden="true"><use href="#i-${name}"/></svg>`;
  const formatDate = (date) =>
    `${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${date.slice(0, 4)}`;
  const initials = (name) =>
    name
      .split(/\s+/)
      .map((part) => part[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase();
  const HEALTH = { onTrack: 'On track', needsAttention: 'Needs attention', atRisk: 'At risk' };

  function rowHtml(row, index, level, setSize) {
    const meta = [];
    if (row.counts) {
      meta.push(
        `<span>${icon('epic')}${row.counts.epics}</span>`,
        `<span>${icon('issues')}${row.counts.issues}</span>`,
      );
    }
    if (row.weight !== null) meta.push(`<span>${icon('weight')}${row.weight}</span>`);
    if (row.dueDate) meta.push(`<span>${icon('calendar')}${formatDate(row.dueDate)}</span>`);
    if (row.milestone) meta.push(`<span>${icon('milestone')}${escapeHtml(row.milestone)}</span>`);
    if (row.health) meta.push(`<span class="badge ${row.health}">${HEALTH[row.health] ?? row.health}</span>`);
    for (const name of row.assignees.slice(0, 2)) {
      meta.push(`<span class="avatar" title="${escapeHtml(name)}">${escapeHtml(initials(name))}</span>`);
    }
    const stateIcon =
      row.type === 'epic'
        ? icon('epic', row.state)
        : icon(row.state === 'closed' ? 'issue-closed' : 'issue-open', row.state);
    const chevron = row.hasChildItems
      ? `<button type="button" class="tree-chevron" aria-label="Expand" data-testid="tree-toggle">${icon('chevron-right')}</button>`
      : '<span class="tr-spacer"></span>';
    const labels =
      row.labels.length > 0
        ? `<div class="tree-labels">${row.labels
            .map(
              (label) =>
                `<span class="label" style="background:${label.color};color:${label.textColor}">${escapeHtml(label.title)}</span>`,
            )
            .join('')}</div>`
        : '';
    const expanded = row.hasChildItems ? ' aria-expanded="false"' : '';
    return (
      `<div class="tree-row" role="row" aria-level="${level}" aria-posinset="${index + 1}" aria-setsize="${setSize}"` +
      `${expanded} data-testid="tree-row" data-row="${index}" data-key="${row.key}">` +
      `<div class="tr-main">${chevron}${stateIcon}` +
      `<a class="tree-title" data-testid="tree-title" href="#${row.key}" draggable="false">${escapeHtml(row.title)}</a>` +
      `<span class="tree-reference">${escapeHtml(row.reference)}</span>` +
      `<span class="tr-meta">${meta.join('')}</span>` +
      `<button type="button" class="tree-remove" aria-label="Remove">${icon('close')}</button></div>${labels}</div>`
    );
  }

  const SPRITE = `<svg width="0" height="0" style="position:absolute" aria-hidden="true">
    <symbol id="i-chevron-right" viewBox="0 0 16 16"><path d="M6 3l5 5-5 5"/></symbol>
    <symbol id="i-chevron-down" viewBox="0 0 16 16"><path d="M3 6l5 5 5-5"/></symbol>
    <symbol id="i-epic" viewBox="0 0 16 16"><path d="M3 4h10M3 8h10M3 12h6"/></symbol>
    <symbol id="i-issues" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6"/><circle cx="8" cy="8" r="1.5"/></symbol>
    <symbol id="i-issue-open" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6"/></symbol>
    <symbol id="i-issue-closed" viewBox="0 0 16 16"><circle cx="8" cy="8" r="6"/><path d="M5 8l2 2 4-4"/></symbol>
    <symbol id="i-weight" viewBox="0 0 16 16"><path d="M4 13l1-8h6l1 8z"/></symbol>
    <symbol id="i-calendar" viewBox="0 0 16 16"><rect x="2" y="3" width="12" height="11"/><path d="M2 7h12"/></symbol>
    <symbol id="i-milestone" viewBox="0 0 16 16"><path d="M8 2v12M8 3h5l-2 2 2 2H8"/></symbol>
    <symbol id="i-close" viewBox="0 0 16 16"><path d="M4 4l8 8M12 4l-8 8"/></symbol>
  </svg>`;
  const totalIssues = data.rows.reduce((sum, row) => sum + (row.counts ? row.counts.issues : 1), 0);
  document.body.innerHTML =
    `${SPRITE}<main class="page"><h1>${escapeHtml(data.root.title)}</h1>` +
    '<section class="tree-card" data-testid="epic-tree-card" data-idle="true">' +
    `<header class="tree-card-header"><h2>Child issues and epics</h2><span>${data.rows.length} children · ${totalIssues} issues</span></header>` +
    '<div class="tree-scroller" data-testid="tree-scroller">' +
    `<div class="tree-grid" role="treegrid" aria-rowcount="${data.rows.length}" data-testid="tree-grid">` +
    `${data.rows.map((row, index) => rowHtml(row, index, 1, data.rows.length)).join('')}</div></div></section></main>`;

  const scroller = document.querySelector('.tree-scroller');
  const grid = document.querySelector('.tree-grid');

  // Expand and collapse.
  grid.addEventListener('click', (event) => {
    const chevron = event.target.closest('.tree-chevron');
    if (!chevron) return;
    const row = chevron.closest('.tree-row');
    const key = row.dataset.key;
    if (row.getAttribute('aria-expanded') === 'true') {
      for (const child of grid.querySelectorAll(`[data-parent="${key}"]`)) child.remove();
      row.setAttribute('aria-expanded', 'false');
      chevron.innerHTML = icon('chevron-right');
      chevron.setAttribute('aria-label', 'Expand');
      return;
    }
    const children = data.children[key] ?? [];
    const html = children
      .map((child, index) =>
        rowHtml(child, index, 2, children.length).replace(
          'class="tree-row"',
          `class="tree-row" data-parent="${key}"`,
        ),
      )
      .join('');
    row.insertAdjacentHTML('afterend', html);
    row.setAttribute('aria-expanded', 'true');
    chevron.innerHTML = icon('chevron-down');
    chevron.setAttribute('aria-label', 'Collapse');
  });

  // Drag: pointing → dragging → dropped or cancelled.
  let drag = null;
  let swallowClick = false;
  const gapAt = (clientY) => {
    const y = clientY - scroller.getBoundingClientRect().top + scroller.scrollTop;
    return Math.max(0, Math.min(grid.children.length, Math.round(y / ROW_HEIGHT)));
  };
  const endDrag = () => {
    drag.row.classList.remove('is-dragging');
    drag.ghost?.remove();
    drag.line?.remove();
    scroller.classList.remove('is-dragging');
    drag = null;
  };
  scroller.addEventListener('pointerdown', (event) => {
    swallowClick = false;
    if (event.button !== 0 || event.target.closest('button')) return;
    const row = event.target.closest('.tree-row');
    if (!row) return;
    drag = { row, pointerId: event.pointerId, x: event.clientX, y: event.clientY, dragging: false };
  });
  scroller.addEventListener('pointermove', (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (!drag.dragging) {
      if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < THRESHOLD) return;
      drag.dragging = true;
      drag.origin = [...grid.children].indexOf(drag.row);
      drag.ghost = document.createElement('div');
      drag.ghost.className = 'ghost';
      drag.ghost.textContent = drag.row.querySelector('.tree-title').textContent;
      document.body.append(drag.ghost);
      drag.line = document.createElement('div');
      drag.line.className = 'drop-line';
      scroller.append(drag.line);
      drag.row.classList.add('is-dragging');
      scroller.classList.add('is-dragging');
      scroller.setPointerCapture(event.pointerId);
      swallowClick = true;
    }
    drag.ghost.style.transform = `translate(${event.clientX + 12}px, ${event.clientY + 8}px)`;
    drag.gap = gapAt(event.clientY);
    drag.line.style.top = `${drag.gap * ROW_HEIGHT - 1}px`;
  });
  scroller.addEventListener('pointerup', (event) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    if (drag.dragging && drag.gap !== drag.origin && drag.gap !== drag.origin + 1) {
      grid.insertBefore(drag.row, grid.children[drag.gap] ?? null);
    }
    if (drag.dragging) endDrag();
    else drag = null;
  });
  // A press on a row starts no text selection: extending one over 5,000 rows costs the browser
  // about half a second per pointer move, which no list with draggable rows leaves on.
  scroller.addEventListener('selectstart', (event) => {
    if (drag) event.preventDefault();
  });
  scroller.addEventListener('pointercancel', () => {
    if (drag?.dragging) endDrag();
    else drag = null;
  });
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === 'Escape' && drag?.dragging) {
        event.preventDefault();
        endDrag();
      }
    },
    true,
  );
  scroller.addEventListener(
    'click',
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
})();
