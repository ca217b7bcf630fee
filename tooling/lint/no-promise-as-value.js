/**
 * A promise used as a value where its result was meant: `const xml = id && loadXml(id)` then `reply.send(xml)`
 * sent a promise as the body (the public SP metadata URL answered 500). typescript-eslint's own rules miss it:
 * `no-misused-promises` looks at conditions whose type is always a promise, `no-floating-promises` at
 * statements. This rule reports a promise that `&&`, `||` or `??` hands on as a value (kept in a variable,
 * passed as an argument, sent), and a promise passed to `reply.send`. Awaited or returned, it is left alone.
 */

/** True when the type is, or in a union holds, something with a callable `then` (a promise). */
function holdsThenable(checker, type) {
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((part) => {
    const then = part.getProperty('then');
    if (!then) return false;
    return checker.getTypeOfSymbol(then).getCallSignatures().length > 0;
  });
}

/** Where the logical expression's value goes: awaited, returned or voided is fine; kept or passed is not. */
function isUsedAsValue(node) {
  let at = node;
  while (
    at.parent &&
    (at.parent.type === 'TSAsExpression' || at.parent.type === 'TSNonNullExpression')
  )
    at = at.parent;
  const parent = at.parent;
  if (!parent) return false;
  switch (parent.type) {
    case 'AwaitExpression':
    case 'ReturnStatement':
    case 'ExpressionStatement':
      return false;
    case 'ArrowFunctionExpression':
      return parent.body !== at;
    case 'UnaryExpression':
      return parent.operator !== 'void';
    case 'LogicalExpression':
      return isUsedAsValue(parent);
    default:
      return true;
  }
}

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Disallow a promise handed on as a value by &&, || or ??, or sent as a reply body.',
    },
    messages: {
      logical:
        'A promise is used as a value here ({{ operator }}): await it first (`a && (await load())`).',
      send: 'A promise is sent as the reply body: await it first.',
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) return {};
    const checker = services.program.getTypeChecker();
    const isThenable = (node) => holdsThenable(checker, services.getTypeAtLocation(node));
    return {
      LogicalExpression(node) {
        // `a && p`: the promise is the value; `p || b`, `p ?? b`: a promise on the left is the value too.
        const operands = node.operator === '&&' ? [node.right] : [node.left, node.right];
        if (operands.some(isThenable) && isUsedAsValue(node))
          context.report({ node, messageId: 'logical', data: { operator: node.operator } });
      },
      "CallExpression[callee.type='MemberExpression'][callee.property.name='send']"(node) {
        const [body] = node.arguments;
        if (body && isThenable(body)) context.report({ node: body, messageId: 'send' });
      },
    };
  },
};
