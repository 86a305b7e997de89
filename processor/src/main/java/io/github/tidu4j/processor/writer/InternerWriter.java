package io.github.tidu4j.processor.writer;

import static javax.lang.model.element.Modifier.FINAL;
import static javax.lang.model.element.Modifier.PRIVATE;
import static javax.lang.model.element.Modifier.STATIC;
import static javax.lang.model.element.Modifier.SYNCHRONIZED;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * Writes the {@code Interner} nested in {@code XOp}: the table that makes operations of primitives
 * with attributes canonical. A chained hash table of weak references keyed by each operation's
 * precomputed structural hash and compared with its generated {@code equals} (field by field: no
 * reflection, no boxing). Held weakly, so operations no graph refers to any more are collected and
 * their entries expunged, and a long-running process that keeps making new attribute values does
 * not grow without bound. One lock: interning happens when graphs are built, never on evaluation
 * paths, so contention is not a concern.
 */
final class InternerWriter {
  private final ClassName op;

  InternerWriter(ClassName op) {
    this.op = op;
  }

  TypeSpec write() {
    ClassName interner = op.nestedClass("Interner");
    ClassName entry = interner.nestedClass("Entry");
    TypeName queue = ParameterizedTypeName.get(ClassName.get(ReferenceQueue.class), op);
    ArrayTypeName table = ArrayTypeName.of(entry);

    TypeSpec entryType =
        TypeSpec.classBuilder(entry)
            .addModifiers(PRIVATE, STATIC, FINAL)
            .addJavadoc(
                "A link of a bucket's chain: a weak reference to an operation, queued on {@link"
                    + " #collected}\nonce the collector has reclaimed the operation.\n")
            .superclass(ParameterizedTypeName.get(ClassName.get(WeakReference.class), op))
            .addField(
                FieldSpec.builder(TypeName.INT, "hash", FINAL)
                    .addJavadoc(
                        "The operation's hash, kept so that the entry's bucket is known once the"
                            + " operation is gone.\n")
                    .build())
            .addField(
                FieldSpec.builder(entry, "next")
                    .addJavadoc("The next entry of the bucket's chain, or null.\n")
                    .build())
            .addMethod(
                MethodSpec.constructorBuilder()
                    .addJavadoc(
                        "An entry for {@code operation}, in front of {@code next}.\n\n"
                            + "@param operation the canonical operation\n"
                            + "@param hash its structural hash\n"
                            + "@param queue where the entry is queued once the operation is"
                            + " collected\n"
                            + "@param next the head of the bucket's chain so far\n")
                    .addParameter(op, "operation")
                    .addParameter(TypeName.INT, "hash")
                    .addParameter(queue, "queue")
                    .addParameter(entry, "next")
                    .addStatement("super(operation, queue)")
                    .addStatement("this.hash = hash")
                    .addStatement("this.next = next")
                    .build())
            .build();

    MethodSpec intern =
        MethodSpec.methodBuilder("intern")
            .addJavadoc(
                "The canonical operation equal to {@code candidate}: an existing one, or {@code"
                    + " candidate}.\n\n"
                    + "@param candidate a new operation, not yet shared\n"
                    + "@return the canonical operation\n")
            .addModifiers(SYNCHRONIZED)
            .returns(op)
            .addParameter(op, "candidate")
            .addStatement("expungeCollected()")
            .addStatement("int hash = candidate.hashCode()")
            .addStatement("int index = indexFor(hash, table.length)")
            .beginControlFlow("for ($T e = table[index]; e != null; e = e.next)", entry)
            .addStatement("$T existing = e.get()", op)
            .beginControlFlow("if (e.hash == hash && existing != null && candidate.equals(existing))")
            .addStatement("return existing")
            .endControlFlow()
            .endControlFlow()
            .addStatement("table[index] = new $T(candidate, hash, collected, table[index])", entry)
            .beginControlFlow("if (++size > table.length - (table.length >>> 2))")
            .addStatement("resize()")
            .endControlFlow()
            .addStatement("return candidate")
            .build();

    MethodSpec expunge =
        MethodSpec.methodBuilder("expungeCollected")
            .addJavadoc("Unlinks the entries of operations the collector has reclaimed.\n")
            .addModifiers(PRIVATE)
            .beginControlFlow(
                "for ($T stale; (stale = collected.poll()) != null; )",
                ParameterizedTypeName.get(
                    ClassName.get(Reference.class), WildcardTypeName.subtypeOf(op)))
            .addStatement("$T dead = ($T) stale", entry, entry)
            .addStatement("int index = indexFor(dead.hash, table.length)")
            .addStatement("$T previous = null", entry)
            .beginControlFlow(
                "for ($T e = table[index]; e != null; previous = e, e = e.next)", entry)
            .beginControlFlow("if (e == dead)")
            .beginControlFlow("if (previous == null)")
            .addStatement("table[index] = e.next")
            .nextControlFlow("else")
            .addStatement("previous.next = e.next")
            .endControlFlow()
            .addStatement("size--")
            .addStatement("break")
            .endControlFlow()
            .endControlFlow()
            .endControlFlow()
            .build();

    MethodSpec resize =
        MethodSpec.methodBuilder("resize")
            .addJavadoc(
                "Doubles the table, dropping entries already collected (their queued references"
                    + "\nare then found in no bucket and skipped).\n")
            .addModifiers(PRIVATE)
            .addStatement("$T old = table", table)
            .addStatement("table = new $T[old.length * 2]", entry)
            .addStatement("size = 0")
            .beginControlFlow("for ($T head : old)", entry)
            .beginControlFlow("for ($T e = head, next; e != null; e = next)", entry)
            .addStatement("next = e.next")
            .beginControlFlow("if (e.get() != null)")
            .addStatement("int index = indexFor(e.hash, table.length)")
            .addStatement("e.next = table[index]")
            .addStatement("table[index] = e")
            .addStatement("size++")
            .endControlFlow()
            .endControlFlow()
            .endControlFlow()
            .build();

    MethodSpec indexFor =
        MethodSpec.methodBuilder("indexFor")
            .addJavadoc(
                "The bucket of {@code hash}: its high bits folded into the low ones, which alone"
                    + " pick\nthe bucket, as in {@code HashMap}.\n\n"
                    + "@param hash an operation's structural hash\n"
                    + "@param length the number of buckets, a power of two\n"
                    + "@return the bucket's index\n")
            .addModifiers(PRIVATE, STATIC)
            .returns(TypeName.INT)
            .addParameter(TypeName.INT, "hash")
            .addParameter(TypeName.INT, "length")
            .addStatement("return (hash ^ (hash >>> 16)) & (length - 1)")
            .build();

    return TypeSpec.classBuilder(interner)
        .addJavadoc(
            "The canonical operations of the primitives with attributes, held weakly: equal"
                + " operations are\none instance, and those no graph uses any more can be collected."
                + " Lookups compare the\noperations' precomputed hashes, then their generated"
                + " {@code equals}. Interning happens while\ngraphs are built, never while they are"
                + " evaluated, so one lock is enough.\n")
        .addModifiers(PRIVATE, STATIC, FINAL)
        .addField(
            FieldSpec.builder(queue, "collected", PRIVATE, FINAL)
                .addJavadoc(
                    "The entries whose operations the collector has reclaimed, for {@link"
                        + " #expungeCollected}\nto unlink.\n")
                .initializer("new $T<>()", ReferenceQueue.class)
                .build())
        .addField(
            FieldSpec.builder(table, "table", PRIVATE)
                .addJavadoc(
                    "The buckets, a power of two of them, each a chain of entries, the newest"
                        + " first. An\noperation is looked for in the bucket {@link #indexFor}"
                        + " gives its hash, entry by entry:\nhash first, then {@code equals}.\n")
                .initializer("new $T[16]", entry)
                .build())
        .addField(
            FieldSpec.builder(TypeName.INT, "size", PRIVATE)
                .addJavadoc(
                    "The entries in the table, those of collected operations not yet unlinked"
                        + " included; past\nthree quarters of the number of buckets, the table"
                        + " doubles.\n")
                .build())
        // written out so that it carries a comment: JDK 25's doclint reports a default constructor
        .addMethod(
            MethodSpec.constructorBuilder()
                .addJavadoc("An empty table of 16 buckets; the operation class holds the one.\n")
                .addModifiers(PRIVATE)
                .build())
        .addMethod(intern)
        .addMethod(expunge)
        .addMethod(resize)
        .addMethod(indexFor)
        .addType(entryType)
        .build();
  }
}
