/* global document, window, fetch, setTimeout, clearTimeout, URLSearchParams */
// The dataset page's chart: the points of the chosen view (units, frequency, range, vintage: the form above the
// chart) in one request to the page's own JSON, drawn by uPlot, redrawn as the view or the window's width
// changes. The view goes into the address (so it can be shared) and into the download links; the page's labels
// (the chart's heading and basis, the readout, the table of latest observations) are rewritten from the labels
// the same answer carries (api/web/datasets/view-labels.ts), so nothing on the page describes another view. The
// number of points drawn is written on the chart element (data-points) for people's tools and for the tests.
(function () {
  'use strict';
  var node = document.getElementById('chart');
  if (!node || typeof window.uPlot !== 'function') return;
  var form = document.querySelector('[data-view-form]');
  var caption = document.getElementById('chart-caption');
  var readout = document.getElementById('chart-readout');
  var cadence = node.getAttribute('data-cadence') || 'daily';
  var plot = null;
  var current = [];
  var shownCadence = cadence;
  var shownUnit = node.getAttribute('data-unit') || '';
  // Drag-to-zoom and double-click are a mouse's: a touch screen is not told about them.
  var mouse = window.matchMedia && window.matchMedia('(hover: hover) and (pointer: fine)').matches;

  var compact = new Intl.NumberFormat('en-GB', {
    notation: 'compact',
    compactDisplay: 'long',
    maximumSignificantDigits: 3,
  });
  var whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
  var two = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
  var small = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 4 });
  function value(v) {
    var size = Math.abs(v);
    if (size >= 1e6) return compact.format(v);
    if (size >= 1000) return whole.format(v);
    return size >= 1 || size === 0 ? two.format(v) : small.format(v);
  }
  function tableValue(v) {
    return Math.abs(v) >= 1e6 ? whole.format(v) : value(v);
  }
  function withUnit(text) {
    return shownUnit.charAt(0) === '%' ? text + '%' : text;
  }
  var month = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  var day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  function period(date) {
    var at = new Date(date + 'T00:00:00Z');
    if (shownCadence === 'annual') return String(at.getUTCFullYear());
    if (shownCadence === 'quarterly') return 'Q' + (Math.floor(at.getUTCMonth() / 3) + 1) + ' ' + at.getUTCFullYear();
    if (shownCadence === 'monthly') return month.format(at);
    return day.format(at);
  }

  function rangeStart(range) {
    var last = node.getAttribute('data-last');
    var years = { '1Y': 1, '5Y': 5, '10Y': 10 }[range];
    if (!years || !last) return null;
    var d = new Date(last + 'T00:00:00Z');
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return d.toISOString().slice(0, 10);
  }

  // The form's view as the page's address says it, and as the series parameters the data needs.
  function viewOf() {
    var data = new window.FormData(form);
    var page = new URLSearchParams();
    var series = new URLSearchParams();
    var units = data.get('units') || 'lin';
    var frequency = data.get('frequency') || '';
    var range = data.get('range') || 'Max';
    var asOf = data.get('as_of') || '';
    if (units !== 'lin') {
      page.set('units', units);
      series.set('units', units);
    }
    if (frequency) {
      var method = data.get('aggregation_method') || 'avg';
      page.set('frequency', frequency);
      page.set('aggregation_method', method);
      series.set('frequency', frequency);
      series.set('aggregation_method', method);
    }
    if (range !== 'Max') {
      page.set('range', range);
      series.set('observation_start', rangeStart(range));
    }
    if (asOf) {
      page.set('as_of', asOf);
      series.set('as_of', asOf);
    }
    return { page: page.toString(), series: series.toString(), frequency: frequency };
  }

  function showReadout(i) {
    if (!readout || !current.length) return;
    var p = current[i == null || i < 0 ? current.length - 1 : Math.min(i, current.length - 1)];
    readout.textContent = withUnit(value(p.value)) + ' in ' + period(p.date);
  }

  function draw(points) {
    var xs = points.map(function (p) {
      return Date.parse(p.date + 'T00:00:00Z') / 1000;
    });
    var ys = points.map(function (p) {
      return p.value;
    });
    var width = Math.max(280, node.clientWidth);
    var options = {
      width: width,
      height: Math.round(Math.min(420, Math.max(220, width * 0.45))),
      scales: { x: { time: true } },
      axes: [
        { stroke: '#4b5567' },
        {
          stroke: '#4b5567',
          size: 70,
          values: function (u, vals) {
            return vals.map(value);
          },
        },
      ],
      // The reading under the cursor is written above the chart (#chart-readout), not in uPlot's legend.
      legend: { show: false },
      cursor: { drag: { x: true, y: false } },
      hooks: {
        setCursor: [
          function (u) {
            showReadout(u.cursor.idx);
          },
        ],
      },
      series: [
        {},
        {
          label: node.getAttribute('data-unit') || 'value',
          stroke: '#3d4ad1',
          width: 2,
          points: { show: points.length < 60 },
        },
      ],
    };
    if (plot) plot.destroy();
    node.textContent = '';
    plot = new window.uPlot(options, [xs, ys], node);
    node.setAttribute('data-points', String(points.length));
    showReadout(null);
    if (caption) {
      caption.textContent = points.length
        ? points.length +
          ' observations, ' +
          period(points[0].date) +
          ' to ' +
          period(points[points.length - 1].date) +
          '.' +
          (mouse ? ' Drag across the chart to zoom; double-click to zoom out.' : '')
        : 'No observation in this view.';
    }
  }

  function setText(id, text) {
    var element = document.getElementById(id);
    if (element) element.textContent = text;
  }

  // The page's words for the view the answer is of: the chart's heading and basis, the table's line and columns.
  function label(labels) {
    shownCadence = labels.cadence;
    shownUnit = labels.unit;
    setText('chart-heading', labels.measure);
    setText('chart-basis', labels.basis);
    setText('latest-basis', labels.table);
    node.setAttribute(
      'aria-label',
      node.getAttribute('aria-label').split(':')[0] +
        ': ' +
        labels.measure +
        ', ' +
        labels.basis.charAt(0).toLowerCase() +
        labels.basis.slice(1),
    );
    var heads = document.querySelectorAll('#latest-heading ~ * thead th');
    if (heads.length === 2) {
      heads[0].textContent = labels.period;
      heads[1].textContent = 'Value (' + labels.unit + ')';
    }
  }

  // The last rows of the view, newest first, as many as the server renders.
  var ROWS = Number(node.getAttribute('data-latest-rows')) || 12;
  function table(points) {
    var body = document.querySelector('#latest-heading ~ * tbody');
    var empty = document.getElementById('latest-empty');
    if (!body) return;
    body.textContent = '';
    points
      .slice(-ROWS)
      .reverse()
      .forEach(function (p) {
        var row = document.createElement('tr');
        var when = document.createElement('td');
        var amount = document.createElement('td');
        when.textContent = period(p.date);
        amount.className = 'numeric';
        amount.textContent = tableValue(p.value);
        row.append(when, amount);
        body.append(row);
      });
    if (empty) empty.hidden = points.length > 0;
  }

  // Views chosen in quick succession: only the last one's answer is drawn (an earlier one arriving later is dropped),
  // so the chart never shows one view's points under another's choices.
  var asked = 0;
  function show() {
    var mine = ++asked;
    var view = viewOf();
    node.setAttribute('aria-busy', 'true');
    node.setAttribute('data-params', view.series);
    document.querySelectorAll('[data-download]').forEach(function (link) {
      var base = link.getAttribute('href').split('?')[0];
      link.setAttribute('href', base + '?download' + (view.series ? '&' + view.series : ''));
    });
    window.history.replaceState(null, '', window.location.pathname + (view.page ? '?' + view.page : ''));
    var url = node.getAttribute('data-source') + (view.series ? '?' + view.series : '');
    return fetch(url, { headers: { accept: 'application/json' } })
      .then(function (res) {
        return res.json().then(function (body) {
          if (!res.ok) throw new Error(body && body.message ? body.message : 'HTTP ' + res.status);
          return body;
        });
      })
      .then(function (body) {
        if (mine !== asked) return;
        current = body.points;
        label(body.labels);
        draw(body.points);
        table(body.points);
      })
      .catch(function (error) {
        if (mine !== asked) return;
        current = [];
        if (plot) {
          plot.destroy();
          plot = null;
        }
        node.textContent = 'The chart could not be drawn: ' + error.message;
        if (caption) caption.textContent = '';
        table([]);
      })
      .then(function () {
        if (mine === asked) node.removeAttribute('aria-busy');
      });
  }

  // Aggregation means something only at a lower frequency than the published one.
  var frequencySelect = form && form.querySelector('[name="frequency"]');
  var methodSelect = form && form.querySelector('[name="aggregation_method"]');
  function enableMethod() {
    if (frequencySelect && methodSelect) methodSelect.disabled = !frequencySelect.value;
  }

  if (form) {
    form.addEventListener('change', function () {
      enableMethod();
      show();
    });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      show();
    });
  }
  var resizeTimer = null;
  window.addEventListener('resize', function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () {
      if (current.length) draw(current);
    }, 150);
  });
  show();
})();
